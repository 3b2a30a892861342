import { notifications } from '@mantine/notifications';
import { MAX_BATCH_ISSUES } from '@shared/schemas/issues';
import { useCallback, useMemo, useState } from 'react';

/**
 * Selected item ids for a move into or out of a sprint: at most MAX_BATCH_ISSUES, the most one
 * `PUT {id}/issues` takes.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const toggle = useCallback((row: { id: string }) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(row.id)) next.delete(row.id);
      else if (next.size >= MAX_BATCH_ISSUES) {
        notifications.show({
          color: 'yellow',
          message: `At most ${MAX_BATCH_ISSUES} items can be moved at once`,
        });
      } else next.add(row.id);
      return next;
    });
  }, []);

  const toggleAll = useCallback((rows: { id: string }[]) => {
    setSelected((prev) => {
      if (rows.length > 0 && rows.every((row) => prev.has(row.id))) return new Set();
      return new Set(rows.slice(0, MAX_BATCH_ISSUES).map((row) => row.id));
    });
  }, []);

  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, toggleAll, clear }), [selected, toggle, toggleAll, clear]);
}
