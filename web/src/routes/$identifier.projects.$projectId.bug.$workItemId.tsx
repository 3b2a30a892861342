import { createFileRoute } from '@tanstack/react-router';
import { loadKindItem } from './-components/work-items/detail-loader';
import { workItemDetailRoute } from './-components/work-items/route-options';
import { WorkItemDetailRoute } from './-components/work-items/WorkItemListRoute';

export const Route = createFileRoute('/$identifier/projects/$projectId/bug/$workItemId')({
  ...workItemDetailRoute,
  loader: (context) => loadKindItem(3, context),
  component: () => <WorkItemDetailRoute kind={3} />,
});
