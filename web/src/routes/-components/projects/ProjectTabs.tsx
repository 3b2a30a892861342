import { Badge, Tabs } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { SectionTabs } from '../../../components/SectionTabs/SectionTabs';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { KIND_ROUTES } from '../work-items/kinds';

/** The project's sections: built ones navigate, later capabilities show as disabled "Soon" tabs. */
const SECTIONS = [
  { value: 'overview', label: 'Overview', to: '/$identifier/projects/$projectId' },
  { value: 'demand', label: 'Demands', to: KIND_ROUTES[1].list, list: true },
  { value: 'task', label: 'Tasks', to: KIND_ROUTES[2].list, list: true },
  { value: 'bug', label: 'Bugs', to: KIND_ROUTES[3].list, list: true },
  {
    value: 'iteration',
    label: 'Iterations',
    to: '/$identifier/projects/$projectId/iteration',
    sprints: true,
  },
  { value: 'test', label: 'Tests', to: '/$identifier/projects/$projectId/test', tests: true },
  { value: 'docs', label: 'Docs', to: '/$identifier/projects/$projectId/docs', docs: true },
  { value: 'code', label: 'Code', to: '/$identifier/projects/$projectId/code', code: true },
  { value: 'weekly', label: 'Weekly', to: '/$identifier/projects/$projectId/weekly', weekly: true },
] as const;

const SOON: string[] = [];

/** Who may open a section: the work-item lists, the iterations and the tests each need a list permission. */
function allowed(
  section: (typeof SECTIONS)[number],
  can: (permission: string | readonly string[]) => boolean,
): boolean {
  if ('list' in section) return can('project:issue:list');
  if ('sprints' in section) return can('project:sprint:list');
  if ('tests' in section) return can(['test:case:list', 'test:sheet:list', 'test:report:list']);
  if ('docs' in section) return can('docs:doc:list');
  if ('code' in section) return can('code:repository:list');
  if ('weekly' in section) return can('project:weekly:list');
  return true;
}

/** Which section a path is in: `/acme/projects/p1/task/i9` is in "task". */
export function sectionOf(pathname: string, projectId: string): string {
  const marker = `/projects/${projectId}`;
  const rest = pathname
    .slice(pathname.indexOf(marker) + marker.length)
    .split('/')
    .filter(Boolean);
  return rest[0] ?? 'overview';
}

export function ProjectTabs({ projectId }: { projectId: string }) {
  const { enterprise, can } = useCurrentEnterprise();
  const pathname = useLocation({ select: (location) => location.pathname });
  const sections = SECTIONS.filter((section) => allowed(section, can));
  return (
    <SectionTabs
      label="Project sections"
      value={sectionOf(pathname, projectId)}
      sections={sections}
      params={{ identifier: enterprise.enterpriseIdentifier, projectId }}
    >
      {SOON.map((label) => (
        <Tabs.Tab
          key={label}
          value={`soon-${label}`}
          disabled
          // On a phone the built sections come first; the coming ones would wrap onto three lines.
          visibleFrom="sm"
          title="Not yet available"
          rightSection={
            <Badge size="xs" variant="light" color="gray">
              Soon
            </Badge>
          }
        >
          {label}
        </Tabs.Tab>
      ))}
    </SectionTabs>
  );
}
