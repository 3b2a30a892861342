import { Drawer, Text } from '@mantine/core';
import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { issueQueryOptions } from '../../../queries/issues';
import { sprintKeys } from '../../../queries/sprints';
import { DetailSkeleton } from '../work-items/work-item-panel';

// Loaded when an item is first opened: the sprint page stays light.
const WorkItemDetail = lazy(() =>
  import('../work-items/WorkItemDetail').then((m) => ({ default: m.WorkItemDetail })),
);

interface SprintItemDrawerProps {
  projectId: string;
  workItemId: string;
  onClose: () => void;
}

/**
 * The work-item drawer as a route over the sprint page. Edits in it can change the sprint's
 * burn-down and statistics (status, estimate, sprint), so closing refreshes them.
 */
export function SprintItemDrawer({ projectId, workItemId, onClose }: SprintItemDrawerProps) {
  const queryClient = useQueryClient();
  const { data } = useQuery(issueQueryOptions(workItemId));
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: sprintKeys.project(projectId) });
    onClose();
  };

  // The detail closes "the drawer" after a delete through the project's panel, which this route
  // drawer is not: a delete of this item (its id as the variables) closes it here instead.
  const openedAt = useRef(Date.now());
  const deleted = useMutationState({
    filters: {
      status: 'success',
      predicate: (mutation) =>
        mutation.state.variables === workItemId && mutation.state.submittedAt >= openedAt.current,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a delete succeeds
  useEffect(() => {
    if (deleted.length > 0) close();
  }, [deleted.length]);

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size="min(880px, 100vw)"
      title={
        data ? (
          <Text fw={650} fz="lg" lineClamp={2}>
            #{data.issueNumber} {data.title}
          </Text>
        ) : (
          <Text fw={600}>Loading…</Text>
        )
      }
      padding="lg"
    >
      <Suspense fallback={<DetailSkeleton />}>
        <WorkItemDetail id={workItemId} projectId={projectId} variant="drawer" />
      </Suspense>
    </Drawer>
  );
}
