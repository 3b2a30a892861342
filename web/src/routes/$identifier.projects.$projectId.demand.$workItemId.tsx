import { createFileRoute } from '@tanstack/react-router';
import { loadKindItem } from './-components/work-items/detail-loader';
import { workItemDetailRoute } from './-components/work-items/route-options';
import { WorkItemDetailRoute } from './-components/work-items/WorkItemListRoute';

export const Route = createFileRoute('/$identifier/projects/$projectId/demand/$workItemId')({
  ...workItemDetailRoute,
  loader: (context) => loadKindItem(1, context),
  component: () => <WorkItemDetailRoute kind={1} />,
});
