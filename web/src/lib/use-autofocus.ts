import { useEffect, useRef } from 'react';

/**
 * Focuses the element once it is mounted: the first field of a form, so keyboard users can type
 * at once. (The `autoFocus` attribute does the same on first paint only, and lint flags it.)
 */
export function useAutofocus<T extends HTMLElement = HTMLInputElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
