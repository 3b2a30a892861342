import { useCallback, useState } from 'react';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

const storageKey = (list: string) => `list-page-size:${list}`;

/** The page size chosen for a list (a route's loader asks for the page the list will show). */
export function storedPageSize(list: string): number {
  try {
    const value = Number(window.localStorage.getItem(storageKey(list)));
    return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** Keeps `size` as the page size of `list` (for a list that holds its size in the URL too). */
export function rememberPageSize(list: string, size: number): void {
  try {
    window.localStorage.setItem(storageKey(list), String(size));
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
}

/**
 * The page size a person chose for one list (10, 20, 50 or 100; 10 until they choose), kept in
 * this browser's storage under the list's name so every visit to that list starts with it.
 */
export function usePageSize(list: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => storedPageSize(list));
  const choose = useCallback(
    (next: number) => {
      setSize(next);
      rememberPageSize(list, next);
    },
    [list],
  );
  return [size, choose];
}
