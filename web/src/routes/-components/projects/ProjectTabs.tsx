import { EntityTabs, type GuardedSection, sectionAfter } from '../../../kit/EntityTabs/EntityTabs';
import { KIND_ROUTES } from '../work-items/kinds';

/**
 * The project's sections: the work-item lists, the iterations, tests, docs, code and weekly reports
 * each need their list permission.
 */
const SECTIONS = [
  { value: 'overview', label: 'Overview', to: '/$identifier/projects/$projectId' },
  { value: 'demand', label: 'Demands', to: KIND_ROUTES[1].list, permission: 'project:issue:list' },
  { value: 'task', label: 'Tasks', to: KIND_ROUTES[2].list, permission: 'project:issue:list' },
  { value: 'bug', label: 'Bugs', to: KIND_ROUTES[3].list, permission: 'project:issue:list' },
  {
    value: 'iteration',
    label: 'Iterations',
    to: '/$identifier/projects/$projectId/iteration',
    permission: 'project:sprint:list',
  },
  {
    value: 'test',
    label: 'Tests',
    to: '/$identifier/projects/$projectId/test',
    permission: ['test:case:list', 'test:sheet:list', 'test:report:list'],
  },
  { value: 'docs', label: 'Docs', to: '/$identifier/projects/$projectId/docs', permission: 'docs:doc:list' },
  {
    value: 'code',
    label: 'Code',
    to: '/$identifier/projects/$projectId/code',
    permission: 'code:repository:list',
  },
  {
    value: 'weekly',
    label: 'Weekly',
    to: '/$identifier/projects/$projectId/weekly',
    permission: 'project:weekly:list',
  },
] as const satisfies readonly GuardedSection[];

/** Which section a path is in: `/acme/projects/p1/task/i9` is in "task". */
export function sectionOf(pathname: string, projectId: string): string {
  return sectionAfter(pathname, `/projects/${projectId}`) ?? 'overview';
}

export function ProjectTabs({ projectId }: { projectId: string }) {
  return (
    <EntityTabs
      label="Project sections"
      sections={SECTIONS}
      sectionOf={(pathname) => sectionOf(pathname, projectId)}
      params={{ projectId }}
    />
  );
}
