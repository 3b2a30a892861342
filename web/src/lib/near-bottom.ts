import { useEffect, useRef } from 'react';

/** Spec: the next page loads when the list is scrolled to within 100 px of the bottom. */
export const NEAR_BOTTOM_PX = 100;

export interface ScrollPosition {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}

export function isNearBottom(position: ScrollPosition, threshold = NEAR_BOTTOM_PX): boolean {
  return position.scrollHeight - position.scrollTop - position.clientHeight <= threshold;
}

function pagePosition(): ScrollPosition {
  const root = document.documentElement;
  return { scrollHeight: root.scrollHeight, scrollTop: window.scrollY, clientHeight: window.innerHeight };
}

/**
 * Calls `onNearBottom` while the page is scrolled to within 100 px of its bottom: on scroll, on
 * resize, and whenever `version` changes (a page arrived, yet the content may still not fill the
 * window). The caller decides whether another load is due (has a next page, is not loading).
 */
export function useLoadOnScroll(onNearBottom: () => void, enabled: boolean, version: unknown): void {
  const callback = useRef(onNearBottom);
  callback.current = onNearBottom;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-checks after a page arrives
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (isNearBottom(pagePosition())) callback.current();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, version]);
}
