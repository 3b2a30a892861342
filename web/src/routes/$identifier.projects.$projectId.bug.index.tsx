import { createFileRoute } from '@tanstack/react-router';
import { loadKindList } from './-components/work-items/list-loader';
import { workItemListRoute } from './-components/work-items/route-options';
import { WorkItemListRoute } from './-components/work-items/WorkItemListRoute';

export const Route = createFileRoute('/$identifier/projects/$projectId/bug/')({
  ...workItemListRoute,
  loader: (context) => loadKindList(3, context),
  component: () => <WorkItemListRoute kind={3} />,
});
