import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';

/**
 * Component state that outlives the component for the rest of the visit, per key. The case drawer
 * is a route of its own: opening or closing it remounts the sheet page, and the table's filters,
 * page and selection must still be there when it closes. Another key (another sheet) starts from
 * what was remembered for it.
 */
const remembered = new Map<string, unknown>();

function read<T>(key: string, initial: T): T {
  return remembered.has(key) ? (remembered.get(key) as T) : initial;
}

export function useRememberedState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(() => ({ key, value: read(key, initial) }));
  // `initial` only matters for a key never set: a new object each render must not renew `set`.
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // The key changed while mounted (another sheet in the same page): take that key's value.
  if (state.key !== key) setState({ key, value: read(key, initial) });
  const value = state.key === key ? state.value : read(key, initial);

  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setState((prev) => {
        const base = prev.key === key ? prev.value : read(key, initialRef.current);
        const value = typeof next === 'function' ? (next as (prev: T) => T)(base) : next;
        remembered.set(key, value);
        return { key, value };
      }),
    [key],
  );
  return [value, set];
}

/** Forgets everything remembered (tests start afresh). */
export function forgetRememberedState(): void {
  remembered.clear();
}
