import { Group, Pagination, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { REPOSITORY_KINDS, type RepositoryKind } from '@shared/domain/repositories';
import type { Repository } from '@shared/schemas/repositories';
import {
  IconBrandDocker,
  IconCode,
  IconPencil,
  IconPlugConnected,
  IconRefresh,
  IconSearch,
  IconWebhook,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { ConfirmRemoveModal } from '../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { ActionButton } from '../kit/ActionButton/ActionButton';
import { NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { stepBackFromLastRow } from '../kit/ListPage/use-step-back';
import { MoreMenu, type MoreMenuItem } from '../kit/MoreMenu/MoreMenu';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { searchedRoute } from '../lib/route-guards';
import { validateListSearch } from '../lib/search';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../queries/query-client';
import { repositoryListQueryOptions, useDeleteRepository, useSyncRepository } from '../queries/repositories';
import { ConnectRepositoryModal } from './-components/repositories/ConnectRepositoryModal';
import { EditRepositoryModal } from './-components/repositories/EditRepositoryModal';
import { RepositoryTable } from './-components/repositories/RepositoryTable';
import { WebhookModal } from './-components/repositories/WebhookModal';

interface CodesSearch {
  pageNum?: number;
  keyword?: string;
  kind?: RepositoryKind;
}

function validateCodesSearch(search: Record<string, unknown>): CodesSearch {
  const kind = REPOSITORY_KINDS.find((k) => k === search.kind && k !== 'all');
  return { ...validateListSearch(search), ...(kind ? { kind } : {}) };
}

function listParams(search: CodesSearch) {
  return {
    pageNum: search.pageNum ?? DEFAULT_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: search.keyword ?? '',
    kind: search.kind ?? ('all' as const),
  };
}

const KIND_LABELS: Record<RepositoryKind, string> = { all: 'All', code: 'Code', image: 'Image' };

/** The enterprise's code base: every connected repository (spec: /{identifier}/codes). */
export const Route = createFileRoute('/$identifier/codes')({
  ...searchedRoute('codes', validateCodesSearch, listParams),
  loader: (load) => loadList(repositoryListQueryOptions(load.deps), load),
  component: CodesPage,
});

function CodesPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Code · ${enterprise.name}`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const params = useDeferredValue(listParams(search));
  const { data: page } = useSuspenseQuery(repositoryListQueryOptions(params));
  const stale =
    params.keyword !== (search.keyword ?? '') ||
    params.pageNum !== (search.pageNum ?? DEFAULT_PAGE) ||
    params.kind !== (search.kind ?? 'all');
  const [keywordInput, setKeywordInput] = useState(search.keyword ?? '');
  const applyKeyword = useDebouncedCallback((value: string) => {
    void navigate({
      search: (prev) => validateCodesSearch({ ...prev, keyword: value, pageNum: 1 }),
      replace: true,
    });
  }, 300);

  const [connecting, setConnecting] = useState(false);
  const [editing, setEditing] = useState<Repository | null>(null);
  const [webhookOf, setWebhookOf] = useState<Repository | null>(null);
  const [deleting, setDeleting] = useState<Repository | null>(null);
  const remove = useDeleteRepository();
  const sync = useSyncRepository();
  const canAdd = can('code:repository:add');
  const canEdit = can('code:repository:edit');
  const canRemove = can('code:repository:remove');
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const rowActions = (row: Repository): MoreMenuItem[] => [
    { label: 'Webhook settings', icon: IconWebhook, onClick: () => setWebhookOf(row), hidden: !canEdit },
    { label: 'Sync now', icon: IconRefresh, onClick: () => syncNow(row), hidden: !canEdit },
    { label: 'Edit', icon: IconPencil, onClick: () => setEditing(row), hidden: !canEdit },
  ];
  const syncNow = (repository: Repository) =>
    sync.mutate(repository.id, {
      onSuccess: () => notifications.show({ message: `Reading ${repository.name} for new commits` }),
    });

  const connectButton = canAdd && (
    <ActionButton icon={IconPlugConnected} size="sm" variant="filled" onClick={() => setConnecting(true)}>
      Connect repository
    </ActionButton>
  );

  const empty =
    params.kind === 'image' ? (
      <NothingYet
        icon={<IconBrandDocker size={28} />}
        title="No container repositories yet"
        description="Container image repositories come from the artifact library, which is not available yet. Once it is, its Docker repositories are listed here beside the code."
        testId="codes-image-empty"
      />
    ) : params.keyword ? (
      <NoMatch
        title="No repository matches your search"
        description="Try part of the name or the clone URL."
      />
    ) : (
      <NothingYet
        icon={<IconCode size={28} />}
        title="No repositories connected"
        description="Connect a repository of GitHub, GitLab, Gitea, Bitbucket, CodeCommit or any git server over HTTPS, then link it to projects to see branches and commits on their work items."
        action={connectButton}
        testId="codes-empty"
      />
    );

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Code">The repositories of {enterprise.name}, on any git host.</PageTitle>
        {page.total > 0 && connectButton}
      </Group>

      <Paper withBorder p={0}>
        <Group p="md" justify="space-between" gap="sm">
          <Group gap="sm">
            <SegmentedControl
              aria-label="Repository kind"
              data={REPOSITORY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
              value={search.kind ?? 'all'}
              onChange={(kind) =>
                void navigate({ search: (prev) => validateCodesSearch({ ...prev, kind, pageNum: 1 }) })
              }
            />
            <TextInput
              aria-label="Search repositories"
              placeholder="Search by name or URL"
              leftSection={<IconSearch size={16} />}
              value={keywordInput}
              onChange={(event) => {
                setKeywordInput(event.currentTarget.value);
                applyKeyword(event.currentTarget.value);
              }}
              w={{ base: '100%', sm: 300 }}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {page.total} {page.total === 1 ? 'repository' : 'repositories'}
          </Text>
        </Group>
        <div style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={stale}>
          {page.rows.length === 0 ? (
            empty
          ) : (
            <RepositoryTable
              rows={page.rows}
              showProjects
              testId="codes-table"
              actions={
                canEdit || canRemove
                  ? (row) => (
                      <MoreMenu
                        label={`Actions of ${row.name}`}
                        items={rowActions(row)}
                        remove={canRemove && { label: 'Disconnect', onClick: () => setDeleting(row) }}
                      />
                    )
                  : undefined
              }
            />
          )}
        </div>
        {pages > 1 && (
          <Group justify="flex-end" p="md">
            <Pagination
              total={pages}
              value={params.pageNum}
              onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
              aria-label="Repository pages"
            />
          </Group>
        )}
      </Paper>

      <ConnectRepositoryModal opened={connecting} onClose={() => setConnecting(false)} />
      <EditRepositoryModal repository={editing} onClose={() => setEditing(null)} />
      <WebhookModal repository={webhookOf} onClose={() => setWebhookOf(null)} />
      <ConfirmRemoveModal
        target={deleting}
        idOf={(repository) => repository.id}
        remove={remove}
        removed={(repository) => `${repository.name} disconnected`}
        onRemoved={() =>
          stepBackFromLastRow(page.rows.length, params.pageNum, (pageNum) => {
            void navigate({ search: (prev) => ({ ...prev, pageNum }) });
          })
        }
        onClose={() => setDeleting(null)}
        title="Disconnect repository"
        confirmLabel="Disconnect"
      >
        {(repository) => (
          <Text size="sm">
            Disconnect <b>{repository.name}</b>? It is unlinked from {repository.linkedProjectCount}{' '}
            {repository.linkedProjectCount === 1 ? 'project' : 'projects'} and its token is deleted. The
            repository itself stays on its host, and work items keep the branches and commits they recorded.
          </Text>
        )}
      </ConfirmRemoveModal>
    </Stack>
  );
}
