import { Card, CloseButton, Group, Pagination, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ProjectRepositoryRow } from '@shared/schemas/repositories';
import { IconCode, IconGitBranch, IconLink, IconLinkOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ActionLink } from '../../../kit/ActionLink/ActionLink';
import { LoadFailed, NoMatch, NothingYet, TableSkeleton } from '../../../kit/ListPage/ListPage';
import { usePanelSearch } from '../../../kit/ListPage/use-panel-search';
import { useStepBackFromEmptyPage } from '../../../kit/ListPage/use-step-back';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { DEFAULT_PAGE_SIZE } from '../../../queries/query-client';
import { projectRepositoriesQueryOptions, useUnlinkRepository } from '../../../queries/repositories';
import { LinkRepositoriesModal } from './LinkRepositoriesModal';
import { RepositoryTable } from './RepositoryTable';

/** The project's Code tab: its repositories with default branch, last commit and activity. */
export function ProjectCodePage({ projectId }: { projectId: string }) {
  const { can, access, enterprise } = useCurrentEnterprise();
  useDocumentTitle('Code');
  const canLink = can('code:repository:link');
  const { search, setSearch, keyword, pageNum, setPageNum } = usePanelSearch();
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<ProjectRepositoryRow | null>(null);
  const unlink = useUnlinkRepository(projectId);
  const query = useQuery(
    projectRepositoriesQueryOptions({
      pmsProjectId: projectId,
      keyword: keyword || undefined,
      pageNum,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
  );
  const page = query.data;

  useStepBackFromEmptyPage(page, pageNum, (next) => setPageNum(next ?? 1));

  const linkButton = canLink && (
    <ActionButton variant="filled" icon={IconLink} onClick={() => setLinking(true)}>
      Link repositories
    </ActionButton>
  );

  const header = (
    <Group justify="space-between" p="md" pb="xs" gap="sm">
      <Group gap="xs" align="baseline">
        <Title order={2} fz="lg">
          Repositories
        </Title>
        {page && (
          <Text size="sm" c="dimmed">
            {page.total} {keyword ? 'found' : 'linked'}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        <TextInput
          size="xs"
          w={220}
          placeholder="Search repositories"
          aria-label="Search repositories"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
        />
        {access.pipeline && (
          <ActionLink
            icon={IconGitBranch}
            to="/$identifier/pipeline"
            params={{ identifier: enterprise.enterpriseIdentifier }}
            search={{ projectId }}
          >
            Pipelines
          </ActionLink>
        )}
        {linkButton}
      </Group>
    </Group>
  );

  let body: React.ReactNode;
  if (query.isError && !page) body = <LoadFailed what="repositories" onRetry={() => void query.refetch()} />;
  else if (!page) body = <TableSkeleton label="Loading repositories" />;
  else if (page.total === 0 && !keyword)
    body = (
      <NothingYet
        panel
        icon={<IconCode size={32} />}
        title="No repositories linked"
        description="Link the repositories this project's code lives in: commits and branches that mention a work item (#12, feature/12-...) then show on it."
        testId="project-code-empty"
        action={
          canLink && (
            <ActionButton size="sm" variant="filled" icon={IconLink} onClick={() => setLinking(true)}>
              Link repositories
            </ActionButton>
          )
        }
      />
    );
  else if (page.rows.length === 0)
    body = (
      <NoMatch
        title="No repository matches your search"
        description="Try part of the name or the clone URL."
      />
    );
  else
    body = (
      <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isPlaceholderData}>
        <RepositoryTable
          rows={page.rows}
          testId="project-code-table"
          actions={
            canLink
              ? (row) => (
                  <RowAction
                    tooltip="Unlink"
                    label={`Unlink ${row.name}`}
                    color="red"
                    icon={<IconLinkOff size={18} />}
                    onClick={() => setUnlinking(row)}
                  />
                )
              : undefined
          }
        />
      </div>
    );

  const pages = page ? Math.max(1, Math.ceil(page.total / DEFAULT_PAGE_SIZE)) : 1;
  return (
    <Card p={0}>
      {header}
      {body}
      {pages > 1 && (
        <Group justify="flex-end" p="md">
          <Pagination total={pages} value={pageNum} onChange={setPageNum} aria-label="Repository pages" />
        </Group>
      )}
      <LinkRepositoriesModal projectId={projectId} opened={linking} onClose={() => setLinking(false)} />
      <ConfirmRemoveModal
        target={unlinking}
        idOf={(row) => row.id}
        remove={unlink}
        removed={(row) => `${row.name} unlinked from the project`}
        onClose={() => setUnlinking(null)}
        title="Unlink repository"
        confirmLabel="Unlink"
      >
        {(row) => (
          <Text size="sm">
            Unlink <b>{row.name}</b> from this project? New commits stop attaching to its work items; what
            they recorded stays. The repository stays connected.
          </Text>
        )}
      </ConfirmRemoveModal>
    </Card>
  );
}
