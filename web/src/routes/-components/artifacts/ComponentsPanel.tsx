import type { ArtifactRepository, Component } from '@shared/schemas/artifacts';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { KeywordFilter } from '../../../kit/FilterBar/FilterBar';
import { ListEmpty } from '../../../kit/ListEmpty/ListEmpty';
import { ListPanel } from '../../../kit/ListPage/ListPanel';
import { CardPager } from '../../../kit/ListPage/Pager';
import { useListQuery } from '../../../kit/ListPage/use-list-query';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { byWhenColumn, componentColumns, deleteColumn } from './columns';
import { DeleteContentModal } from './DeleteContentModal';
import { componentName } from './labels';
import { usePeopleNames } from './people';
import { type ContentTarget, componentsQueryOptions } from './queries';

/** What to do with an empty repository: publish with its client, as the "How to use" panel says. */
const EMPTY_HINT =
  'Publish to it with its client (the settings are under "How to use"), or upload a file through the API.';

/** A repository's components, newest version first, searchable; a row opens its assets. */
export function ComponentsPanel({
  repository,
  q,
  pageNum,
  onSearch,
  onOpen,
}: {
  repository: ArtifactRepository;
  q: string | undefined;
  pageNum: number;
  onSearch: (change: { q?: string; pageNum?: number }) => void;
  onOpen: (componentId: string) => void;
}) {
  const { can } = useCurrentEnterprise();
  const nameOf = usePeopleNames();
  const list = useListQuery('artifact-components', { q, pageNum }, (params) =>
    componentsQueryOptions(repository.id, params),
  );
  const [deleting, setDeleting] = useState<ContentTarget | null>(null);
  const rows = list.query.data?.rows ?? [];
  const columns: ListColumn<Component>[] = [
    ...componentColumns<Component>(repository.format),
    byWhenColumn<Component>('published', 'Published', (row) => ({
      name: nameOf(row.publishedBy),
      at: row.publishedAt,
    })),
  ];
  if (can('artifact:asset:remove')) {
    const label = (row: Component) => `${componentName(repository.format, row)} ${row.version}`;
    columns.push(
      deleteColumn(
        (row) => `Delete ${label(row)}`,
        (row) => setDeleting({ kind: 'component', componentId: row.id, label: label(row).trim() }),
      ),
    );
  }
  return (
    <ListPanel
      title="Components"
      count={list.query.data ? `${list.query.data.total} in total` : undefined}
      controls={
        <KeywordFilter
          label="Search components"
          placeholder="Name, group or version"
          value={q}
          onChange={(keyword) => onSearch({ q: keyword, pageNum: undefined })}
        />
      }
      what="components"
      query={list.query}
      isEmpty={rows.length === 0}
      empty={
        <ListEmpty
          filtered={!!q}
          noMatch={{
            title: 'No component matches',
            description: 'Try part of the name, the group or a version.',
          }}
          nothingYet={{
            icon: <IconPackage size={28} />,
            title: 'Nothing published yet',
            description: EMPTY_HINT,
            testId: 'components-empty',
          }}
        />
      }
      footer={
        <>
          <CardPager
            page={list.query.data}
            pageNum={list.params.pageNum}
            pageSize={list.params.pageSize}
            noun="components"
            onChange={(next) => onSearch({ pageNum: next })}
            onPageSizeChange={list.onPageSizeChange}
          />
          <DeleteContentModal
            repositoryId={repository.id}
            target={deleting}
            onClose={() => setDeleting(null)}
          />
        </>
      }
    >
      <ListTable
        rows={rows}
        columns={columns}
        testId="components-table"
        rowTestId={(row) => `component-row-${row.name}`}
        onOpen={(row) => onOpen(row.id)}
      />
    </ListPanel>
  );
}
