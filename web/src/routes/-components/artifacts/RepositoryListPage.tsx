import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ARTIFACT_FORMATS,
  type ArtifactRepository,
  REPOSITORY_TYPES,
  type RepositoryKind,
} from '@shared/schemas/artifacts';
import { IconLock, IconPackages, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { SectionTabs } from '../../../components/SectionTabs/SectionTabs';
import { ActionLink } from '../../../kit/ActionLink/ActionLink';
import { bindFilters } from '../../../kit/FilterBar/bind-filters';
import { FilterBar, KeywordFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { ListEmpty } from '../../../kit/ListEmpty/ListEmpty';
import { ListPage } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { useClientPaging } from '../../../kit/ListPage/use-client-paging';
import { CountCell, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { type RepositorySearch, validateRepositorySearch } from './artifact-search';
import {
  FORMAT_LABELS,
  formatBytes,
  KIND_HINTS,
  KIND_LABELS,
  policySummary,
  repositoryPageRoute,
  TYPE_LABELS,
} from './labels';
import { repositoryListQueryOptions } from './queries';

const KIND_SECTIONS = [
  { value: 'zhipin', label: 'Artifact repositories', to: '/$identifier/repositories' },
  { value: 'chanpin', label: 'Product repositories', to: '/$identifier/repositories/chanpin' },
  { value: 'shoukong', label: 'Controlled repositories', to: '/$identifier/repositories/shoukong' },
] as const;

/** The tabs of the three kinds, above each list. */
export function KindTabs({ kind, identifier }: { kind: RepositoryKind; identifier: string }) {
  return (
    <SectionTabs label="Repository kinds" value={kind} sections={KIND_SECTIONS} params={{ identifier }} />
  );
}

function RepositoryNameCell({
  repository,
  identifier,
}: {
  repository: ArtifactRepository;
  identifier: string;
}) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <LinkAnchor
          to={repositoryPageRoute(repository)}
          params={{ identifier, id: repository.id }}
          fw={600}
          size="sm"
        >
          {repository.name}
        </LinkAnchor>
        {repository.locked && (
          <Tooltip label="Locked: every write and delete is refused">
            <Badge size="xs" color="orange" variant="light" leftSection={<IconLock size={10} />}>
              Locked
            </Badge>
          </Tooltip>
        )}
      </Group>
      {repository.description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {repository.description}
        </Text>
      )}
    </Stack>
  );
}

function columns(identifier: string): ListColumn<ArtifactRepository>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (row) => <RepositoryNameCell repository={row} identifier={identifier} />,
    },
    {
      key: 'format',
      title: 'Format',
      render: (row) => (
        <Badge variant="light" color="gray">
          {FORMAT_LABELS[row.format]}
        </Badge>
      ),
    },
    { key: 'type', title: 'Type', render: (row) => <TextCell value={TYPE_LABELS[row.type]} /> },
    {
      key: 'policies',
      title: 'Policies',
      role: 'tertiary',
      render: (row) => <TextCell value={policySummary(row)} dimmed />,
    },
    {
      key: 'status',
      title: 'Status',
      render: (row) => (
        <Text size="sm" c={row.locked ? 'orange' : 'dimmed'} data-testid={`repository-status-${row.name}`}>
          {row.locked ? 'Locked' : 'Open'}
        </Text>
      ),
    },
    {
      key: 'components',
      title: 'Components',
      align: 'right',
      role: 'secondary',
      render: (row) => <CountCell value={row.componentCount} />,
    },
    {
      key: 'size',
      title: 'Size',
      align: 'right',
      role: 'secondary',
      render: (row) => <TextCell value={row.type === 'group' ? null : formatBytes(row.sizeBytes)} />,
    },
  ];
}

/**
 * `/{identifier}/repositories` and its two siblings: the repositories of one kind, filtered by
 * format, type and name, with the way to create one.
 */
/** What an empty list of each kind invites people to do. */
const KIND_INVITATIONS: Record<RepositoryKind, string> = {
  zhipin:
    'Create a hosted repository for npm, Maven, PyPI or raw files, publish to it with the usual client, and group repositories to install from several at once.',
  chanpin: 'Create a product repository to keep what each product released.',
  shoukong: 'Create a controlled repository: it takes only what is promoted into it.',
};

export function RepositoryListPage({
  kind,
  identifier,
  search,
}: {
  kind: RepositoryKind;
  identifier: string;
  search: RepositorySearch;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`${KIND_LABELS[kind]} · ${enterprise.name}`);
  const navigate = useNavigate();
  const query = useQuery(repositoryListQueryOptions({ kind, ...search }));
  const rows = query.data ?? [];
  const paging = useClientPaging('artifact-repositories', rows, { kind, ...search });
  const filtered = Boolean(search.format || search.type || search.name);
  const setSearch = (change: Partial<RepositorySearch>) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => validateRepositorySearch({ ...prev, ...change }),
      replace: true,
    });
  const field = bindFilters(search, setSearch);

  const createButton = can('artifact:repository:add') && (
    <ActionLink
      size="sm"
      variant="filled"
      icon={IconPlus}
      to="/$identifier/repositories/create"
      params={{ identifier }}
      search={{ kind }}
    >
      Create repository
    </ActionLink>
  );

  return (
    <Stack gap="lg" maw={1280}>
      <PageTitle title="Artifact library">{KIND_HINTS[kind]}</PageTitle>
      <KindTabs kind={kind} identifier={identifier} />
      <ListPage
        title={KIND_LABELS[kind]}
        what="repositories"
        count={query.data ? rows.length : undefined}
        actions={createButton}
        filters={
          <FilterBar
            testId="repository-filters"
            filtered={filtered}
            onClear={() => setSearch({ format: undefined, type: undefined, name: undefined })}
          >
            <KeywordFilter
              label="Filter by name"
              placeholder="Name"
              value={search.name}
              onChange={(name) => setSearch({ name })}
            />
            <SelectFilter
              {...field('format', 'Format')}
              searchable={false}
              data={ARTIFACT_FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] }))}
            />
            <SelectFilter
              {...field('type', 'Type')}
              searchable={false}
              data={REPOSITORY_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            />
          </FilterBar>
        }
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={{ title: 'No repository matches the filters', testId: 'repositories-no-match' }}
            nothingYet={{
              icon: <IconPackages size={28} />,
              title: `No ${KIND_LABELS[kind].toLowerCase()} yet`,
              description: KIND_INVITATIONS[kind],
              action: createButton,
              testId: 'repositories-empty',
            }}
          />
        }
        footer={rows.length > 0 && <Pager {...paging.pager} noun="repositories" />}
      >
        <ListTable
          rows={paging.rows}
          columns={columns(identifier)}
          testId="repositories-table"
          rowTestId={(row) => `artifact-repository-row-${row.name}`}
          rowTitle={(row) => row.name}
          onOpen={(row) =>
            void navigate({
              to: repositoryPageRoute(row),
              params: { identifier, id: row.id },
            })
          }
        />
      </ListPage>
    </Stack>
  );
}
