import { Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ISSUE_KIND_LABELS, type IssueKind } from '@shared/domain/work-item-workflow';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { issueQueryOptions } from '../../../queries/issues';
import { KIND_ROUTES } from './kinds';
import { WorkItemDetail } from './WorkItemDetail';

interface WorkItemPageProps {
  kind: IssueKind;
  projectId: string;
  workItemId: string;
}

/** The full page of one item: the same detail as the drawer, with room for the fields beside it. */
export function WorkItemPage({ kind, projectId, workItemId }: WorkItemPageProps) {
  const { enterprise } = useCurrentEnterprise();
  const { data: issue } = useQuery(issueQueryOptions(workItemId));
  useDocumentTitle(
    issue ? `#${issue.issueNumber} ${issue.title} · ${ISSUE_KIND_LABELS[kind].many}` : 'Work item',
  );

  return (
    <Stack gap="md">
      <Group>
        <LinkButton
          to={KIND_ROUTES[kind].list}
          params={{ identifier: enterprise.enterpriseIdentifier, projectId }}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
        >
          All {ISSUE_KIND_LABELS[kind].many.toLowerCase()}
        </LinkButton>
      </Group>
      <WorkItemDetail id={workItemId} projectId={projectId} variant="page" />
    </Stack>
  );
}
