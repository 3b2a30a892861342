import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import type { ArtifactRepository, FolderEntry } from '@shared/schemas/artifacts';
import { IconFile, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { ListPanel } from '../../../kit/ListPage/ListPanel';
import { TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { deleteColumn } from './columns';
import { DeleteContentModal } from './DeleteContentModal';
import { formatBytes } from './labels';
import { type ContentTarget, folderQueryOptions } from './queries';

/** The folders above `path`, each a link back to it: the repository's root first. */
function FolderCrumbs({
  repository,
  path,
  onPath,
}: {
  repository: ArtifactRepository;
  path: string;
  onPath: (path: string) => void;
}) {
  const segments = path ? path.split('/') : [];
  const crumb = (label: string, target: string, current: boolean) =>
    current ? (
      <Text key={target} size="sm" fw={600}>
        {label}
      </Text>
    ) : (
      <Anchor
        key={target}
        size="sm"
        href="#"
        onClick={(event) => {
          event.preventDefault();
          onPath(target);
        }}
      >
        {label}
      </Anchor>
    );
  return (
    <Breadcrumbs aria-label="Folder" separatorMargin={4} px="md" pb="xs">
      {crumb(repository.name, '', segments.length === 0)}
      {segments.map((segment, index) =>
        crumb(segment, segments.slice(0, index + 1).join('/'), index === segments.length - 1),
      )}
    </Breadcrumbs>
  );
}

/**
 * The repository as a folder tree (read from its asset paths): a folder opens in place, an asset
 * opens its details; folders and assets can be deleted after the canDelete check.
 */
export function BrowsePanel({
  repository,
  path,
  onPath,
  onAsset,
}: {
  repository: ArtifactRepository;
  path: string;
  onPath: (path: string) => void;
  onAsset: (path: string) => void;
}) {
  const { can } = useCurrentEnterprise();
  const query = useQuery(folderQueryOptions(repository.id, path));
  const [deleting, setDeleting] = useState<ContentTarget | null>(null);
  const rows = query.data ?? [];
  const columns: ListColumn<FolderEntry>[] = [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (row) => (
        <Group gap={8} wrap="nowrap">
          {row.kind === 'folder' ? <IconFolder size={16} /> : <IconFile size={16} />}
          <Anchor
            size="sm"
            href="#"
            onClick={(event) => {
              event.preventDefault();
              if (row.kind === 'folder') onPath(row.path);
              else onAsset(row.path);
            }}
          >
            {row.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'size',
      title: 'Size',
      align: 'right',
      render: (row) => <TextCell value={row.kind === 'asset' ? formatBytes(row.size) : null} />,
    },
  ];
  if (can('artifact:asset:remove')) {
    columns.push(
      deleteColumn(
        (row) => `Delete ${row.path}`,
        (row) => setDeleting({ kind: row.kind === 'folder' ? 'folder' : 'asset', path: row.path }),
      ),
    );
  }
  return (
    <ListPanel
      title="Folders"
      count={query.data ? `${rows.length} here` : undefined}
      above={<FolderCrumbs repository={repository} path={path} onPath={onPath} />}
      what="folder"
      query={query}
      isEmpty={rows.length === 0}
      empty={
        <NothingYet
          icon={<IconFolderOpen size={28} />}
          title={path ? 'This folder is empty' : 'No files yet'}
          description={
            path
              ? 'Its assets were deleted. Go up to see the rest of the repository.'
              : 'Files appear here by their paths once something is published.'
          }
          testId="folder-empty"
        />
      }
      footer={
        <DeleteContentModal
          repositoryId={repository.id}
          target={deleting}
          onClose={() => setDeleting(null)}
        />
      }
    >
      <ListTable
        rows={rows}
        rowKey={(row) => row.path}
        columns={columns}
        testId="folder-table"
        rowTestId={(row) => `folder-entry-${row.path}`}
        onOpen={(row) => (row.kind === 'folder' ? onPath(row.path) : onAsset(row.path))}
      />
    </ListPanel>
  );
}
