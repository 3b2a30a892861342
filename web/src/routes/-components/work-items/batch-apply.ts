import { notifications } from '@mantine/notifications';

/** The part of a batch-edit mutation `batchApply` uses (work items and specs have their own calls). */
interface BatchMutation<Changes> {
  mutate: (
    body: { ids: string[]; changes: Changes },
    options: { onSuccess: (result: { updated: number }) => void },
  ) => void;
}

/**
 * The apply of a batch bar: one change to every selected row at once (all or nothing), then
 * "Priority set on 3 items" and `onDone` (the bar clears the selection).
 */
export function batchApply<Changes>(
  batch: BatchMutation<Changes>,
  ids: string[],
  [one, many]: readonly [string, string],
  onDone: () => void,
) {
  return (changes: Changes, what: string) =>
    batch.mutate(
      { ids, changes },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: 'green',
            message: `${what} on ${updated} ${updated === 1 ? one : many}`,
          });
          onDone();
        },
      },
    );
}
