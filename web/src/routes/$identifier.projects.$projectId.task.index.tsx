import { createFileRoute } from '@tanstack/react-router';
import { loadKindList } from './-components/work-items/list-loader';
import { workItemListRoute } from './-components/work-items/route-options';
import { WorkItemListRoute } from './-components/work-items/WorkItemListRoute';

export const Route = createFileRoute('/$identifier/projects/$projectId/task/')({
  ...workItemListRoute,
  loader: (context) => loadKindList(2, context),
  component: () => <WorkItemListRoute kind={2} />,
});
