import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { projectQueryOptions } from '../queries/projects';
import { useCurrentEnterprise } from './current-enterprise';

/**
 * What a section page of a project starts with: the enterprise (and its permission check), the
 * project (loaded by the project layout), the tab's title "`section` · project name", and the
 * route params of the project's own links.
 */
export function useProjectPage(projectId: string, section: string) {
  const { enterprise, can } = useCurrentEnterprise();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  useDocumentTitle(`${section} · ${project.name}`);
  const linkParams = { identifier: enterprise.enterpriseIdentifier, projectId };
  return { enterprise, can, project, linkParams };
}
