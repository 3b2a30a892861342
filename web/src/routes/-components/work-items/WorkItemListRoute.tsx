import type { IssueKind } from '@shared/domain/work-item-workflow';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { projectQueryOptions } from '../../../queries/projects';
import { validateWorkItemSearch, type WorkItemSearch } from './list-search';
import { WorkItemList } from './WorkItemList';
import { WorkItemPage } from './WorkItemPage';

/** The page of the demand, task and bug list routes: the list of the route's project and kind. */
export function WorkItemListRoute({ kind }: { kind: IssueKind }) {
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  const search = useSearch({ strict: false }) as WorkItemSearch;
  const navigate = useNavigate();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  return (
    <WorkItemList
      kind={kind}
      projectId={projectId}
      projectName={project.name}
      search={search}
      onSearchChange={(change: Partial<WorkItemSearch>) =>
        void navigate({
          to: '.',
          search: (prev) => validateWorkItemSearch({ ...prev, ...change }),
          replace: true,
        })
      }
    />
  );
}

/** The page of the demand, task and bug item routes. */
export function WorkItemDetailRoute({ kind }: { kind: IssueKind }) {
  const { projectId, workItemId } = useParams({ strict: false }) as { projectId: string; workItemId: string };
  return <WorkItemPage kind={kind} projectId={projectId} workItemId={workItemId} />;
}
