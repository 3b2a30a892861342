import { Alert, Grid, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { SnapshotAsset, SnapshotComponent } from '@shared/schemas/artifacts';
import { IconArrowUpRight, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { LinkButton } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import type { ListQueryState } from '../../../kit/ListPage/ListPage';
import { ListPanel } from '../../../kit/ListPage/ListPanel';
import { TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable, type ListTableProps } from '../../../kit/ListTable/ListTable';
import { actionsColumn, RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import type { SnapshotSearch } from './artifact-search';
import { componentColumns } from './columns';
import { RepositoryPending, useRepository } from './EditRepositoryPage';
import { componentName, formatBytes } from './labels';
import { PromoteModal, type PromoteTarget } from './PromoteModal';
import { usePeopleNames } from './people';
import { CompareCard } from './SnapshotCompare';
import {
  snapshotComponentsQueryOptions,
  snapshotDownloadAddress,
  snapshotQueryOptions,
  snapshotsQueryOptions,
} from './snapshot-queries';

async function download(repositoryId: string, snapshotName: string, path: string) {
  try {
    const { url } = await snapshotDownloadAddress(repositoryId, snapshotName, path);
    window.location.assign(url);
  } catch (error) {
    notifications.show({ color: 'red', message: errorText(error) });
  }
}

/**
 * One of a snapshot's two lists side by side (its components, its files): a compact table in a
 * panel that says how many there are, or `empty` when there are none.
 */
function SnapshotList<T>({
  span,
  title,
  query,
  rows,
  empty,
  ...table
}: {
  /** Of the wide screen's twelve columns. */
  span: number;
  title: string;
  query: ListQueryState;
  /** Absent until read. */
  rows: T[] | undefined;
  empty: string;
} & Pick<ListTableProps<T>, 'rowKey' | 'columns' | 'testId' | 'rowTestId'>) {
  return (
    <Grid.Col span={{ base: 12, lg: span }}>
      <ListPanel
        title={title}
        count={rows ? `${rows.length} in total` : undefined}
        what={title.toLowerCase()}
        query={query}
        isEmpty={(rows ?? []).length === 0}
        empty={
          <Text size="sm" c="dimmed" p="md">
            {empty}
          </Text>
        }
      >
        <ListTable rows={rows ?? []} {...table} compact />
      </ListPanel>
    </Grid.Col>
  );
}

/**
 * `/repositories/zhipin/{id}/snapshot/{snapshotName}`: what a snapshot recorded, by component and
 * by file, each file downloadable as recorded, promotion of a component, and a comparison.
 */
export function SnapshotPage({
  identifier,
  repositoryId,
  snapshotName,
  search,
}: {
  identifier: string;
  repositoryId: string;
  snapshotName: string;
  search: SnapshotSearch;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  const nameOf = usePeopleNames();
  const { query: repositoryQuery, repository } = useRepository(repositoryId);
  const query = useQuery(snapshotQueryOptions(repositoryId, snapshotName));
  const components = useQuery(snapshotComponentsQueryOptions(repositoryId, snapshotName));
  const all = useQuery(snapshotsQueryOptions(repositoryId));
  const navigate = useNavigate();
  const [promoting, setPromoting] = useState<PromoteTarget | null>(null);
  useDocumentTitle(`${snapshotName} · ${repository?.name ?? 'Snapshot'} · ${enterprise.name}`);
  if (!repository) return <RepositoryPending query={repositoryQuery} />;
  if (query.isError)
    return (
      <Alert color="yellow" title="No such snapshot" data-testid="snapshot-missing">
        {errorText(query.error)}
      </Alert>
    );

  const snapshot = query.data;
  const label = (row: SnapshotComponent) => `${componentName(repository.format, row)} ${row.version}`.trim();
  const componentTableColumns = componentColumns<SnapshotComponent>(repository.format);
  if (can('artifact:asset:upload')) {
    componentTableColumns.push(
      actionsColumn(
        (row) => (
          <RowAction
            tooltip="Promote into a product repository"
            label={`Promote ${label(row)}`}
            icon={<IconArrowUpRight size={18} />}
            onClick={() => setPromoting({ label: label(row), componentIds: [row.id], snapshotName })}
          />
        ),
        80,
      ),
    );
  }
  const assetColumns: ListColumn<SnapshotAsset>[] = [
    {
      key: 'path',
      title: 'Path',
      role: 'title',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.path}
        </Text>
      ),
    },
    {
      key: 'size',
      title: 'Size',
      align: 'right',
      render: (row) => <TextCell value={formatBytes(row.size)} />,
    },
    {
      key: 'sha256',
      title: 'sha256',
      role: 'secondary',
      render: (row) => (
        <Text size="xs" ff="monospace" title={row.checksums.sha256}>
          {row.checksums.sha256.slice(0, 16)}…
        </Text>
      ),
    },
    actionsColumn(
      (row) => (
        <RowAction
          tooltip="Download as recorded"
          label={`Download ${row.path}`}
          icon={<IconDownload size={18} />}
          onClick={() => void download(repositoryId, snapshotName, row.path)}
        />
      ),
      80,
    ),
  ];

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title={`Snapshot ${snapshotName}`}>
          {snapshot
            ? `${repository.name} · ${snapshot.componentCount} components · ${snapshot.assetCount} assets · ${formatBytes(snapshot.sizeBytes)}`
            : repository.name}
        </PageTitle>
        <Group gap="sm">
          <LinkButton
            variant="default"
            to="/$identifier/repositories/zhipin/$id/snapshot"
            params={{ identifier, id: repositoryId }}
          >
            All snapshots
          </LinkButton>
          {can('artifact:asset:upload') && snapshot && snapshot.assetCount > 0 && (
            <ActionButton
              size="sm"
              variant="filled"
              icon={IconArrowUpRight}
              onClick={() =>
                setPromoting({
                  label: `snapshot ${snapshotName}`,
                  paths: snapshot.assets.map((a) => a.path),
                  snapshotName,
                })
              }
            >
              Promote all
            </ActionButton>
          )}
        </Group>
      </Group>
      {snapshot && (
        <Text size="sm" c="dimmed" data-testid="snapshot-facts">
          Taken by {nameOf(snapshot.createdBy)}{' '}
          <RelativeTime value={snapshot.createdAt} display="inline" size="sm" />
          {snapshot.description ? ` · ${snapshot.description}` : ''}
        </Text>
      )}
      <Grid gap="lg">
        <SnapshotList
          span={5}
          title="Components"
          query={components}
          rows={components.data}
          empty="The snapshot holds no component (only files of none, or nothing)."
          columns={componentTableColumns}
          testId="snapshot-components"
          rowTestId={(row) => `snapshot-component-${row.name}`}
        />
        <SnapshotList
          span={7}
          title="Files"
          query={query}
          rows={snapshot?.assets}
          empty="The repository was empty when the snapshot was taken."
          rowKey={(row) => row.path}
          columns={assetColumns}
          testId="snapshot-assets"
          rowTestId={(row) => `snapshot-asset-${row.path}`}
        />
      </Grid>
      <CompareCard
        repositoryId={repositoryId}
        snapshots={all.data ?? []}
        from={snapshotName}
        to={search.with}
        fixedFrom
        onChange={(change) => void navigate({ to: '.', search: { with: change.to }, replace: true })}
      />
      <PromoteModal source={repository} promoting={promoting} onClose={() => setPromoting(null)} />
    </Stack>
  );
}
