import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useState } from 'react';

/** Selected rows of a list, for its batch bar. */
export interface RowSelection<T extends { id: string }> {
  selected: ReadonlyMap<string, T>;
  toggle: (row: T) => void;
  /** Adds every row given (up to the most), or takes them out when they all are selected already. */
  toggleAll: (rows: T[]) => void;
  clear: () => void;
  /** Selected rows shown again take their latest state (a batch bar reads their fields). */
  refresh: (rows: T[]) => void;
}

interface SelectionOptions {
  /** The most one batch call takes. */
  max: number;
  /** Plural noun for the warnings: "items", "specs". */
  noun: string;
  /** What the batch does: "edited", "changed", "moved". */
  verb?: string;
  /** The selection starts over whenever this changes (the filters or page, as a string). */
  resetKey?: string;
}

/**
 * Rows picked with the table's checkboxes, kept as rows so a batch bar knows their fields. At most
 * `max`: another pick past it warns instead of selecting.
 */
export function useRowSelection<T extends { id: string }>({
  max,
  noun,
  verb = 'edited',
  resetKey,
}: SelectionOptions): RowSelection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the filters or page change
  useEffect(() => setSelected(new Map()), [resetKey]);

  const toggle = useCallback(
    (row: T) =>
      setSelected((prev) => {
        const next = new Map(prev);
        if (next.has(row.id)) next.delete(row.id);
        else if (next.size >= max) {
          notifications.show({ color: 'yellow', message: `At most ${max} ${noun} can be ${verb} at once` });
        } else next.set(row.id, row);
        return next;
      }),
    [max, noun, verb],
  );
  const toggleAll = useCallback(
    (rows: T[]) =>
      setSelected((prev) => {
        const next = new Map(prev);
        if (rows.length > 0 && rows.every((row) => prev.has(row.id))) {
          for (const row of rows) next.delete(row.id);
          return next;
        }
        for (const row of rows) {
          if (next.size >= max) {
            notifications.show({
              color: 'yellow',
              message: `Selected the first ${max} ${noun}: the most one batch takes`,
            });
            break;
          }
          next.set(row.id, row);
        }
        return next;
      }),
    [max, noun],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  const refresh = useCallback(
    (rows: T[]) =>
      setSelected((prev) => {
        const fresh = rows.filter((row) => prev.has(row.id) && prev.get(row.id) !== row);
        if (fresh.length === 0) return prev;
        const next = new Map(prev);
        for (const row of fresh) next.set(row.id, row);
        return next;
      }),
    [],
  );
  return useMemo(
    () => ({ selected, toggle, toggleAll, clear, refresh }),
    [selected, toggle, toggleAll, clear, refresh],
  );
}
