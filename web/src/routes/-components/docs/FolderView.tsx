import { Anchor, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DocNode } from '@shared/schemas/docs';
import { IconFile, IconFileText, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { docQueryOptions, folderListQueryOptions } from '../../../queries/docs';
import { DocBreadcrumbs } from './Breadcrumbs';
import { formatBytes, nodeHref, useAddressedNode, useDocsPlace } from './paths';
import { QueryPending } from './QueryPending';

const ICONS = { folder: IconFolder, wiki: IconFileText, file: IconFile } as const;

/** The page of `/docs` and `/docs/folder/{id}` (either library): the folder in the address, or the top. */
export function FolderPage() {
  const folderId = useAddressedNode() || null;
  return <FolderView key={folderId} folderId={folderId} />;
}

/** A folder's contents (or the top of the library), folders first, a page at a time. */
export function FolderView({ folderId }: { folderId: string | null }) {
  const place = useDocsPlace();
  const router = useRouter();
  const [pageNum, setPageNum] = useState(1);
  const folder = useQuery({ ...docQueryOptions(folderId ?? ''), enabled: folderId !== null });
  const list = useQuery(folderListQueryOptions(place.space, folderId, pageNum));
  const rows = list.data?.rows ?? [];
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 1;
  const open = (node: DocNode) => router.history.push(nodeHref(place.base, node));

  return (
    <Stack gap="md">
      {folder.data && <DocBreadcrumbs doc={folder.data} />}
      <Title order={3}>{folderId ? (folder.data?.title ?? ' ') : 'All documents'}</Title>
      <Paper withBorder radius="md" p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {!list.isSuccess ? (
          <QueryPending query={list} what="documents" rows={3} p="md" />
        ) : rows.length === 0 ? (
          <Text p="xl" ta="center" size="sm" c="dimmed" data-testid="docs-folder-empty">
            {folderId
              ? 'This folder is empty. Add a page, a folder or a file from the menu.'
              : 'No documents yet. Add a page, a folder or a file from the menu.'}
          </Text>
        ) : (
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w={140}>Size</Table.Th>
                <Table.Th w={160}>Updated by</Table.Th>
                <Table.Th w={180}>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((node) => {
                const Icon = ICONS[node.kind];
                return (
                  <Table.Tr key={node.id}>
                    <Table.Td>
                      <Group gap={8} wrap="nowrap">
                        <Icon size={16} />
                        <Anchor
                          size="sm"
                          href={nodeHref(place.base, node)}
                          onClick={(event) => {
                            event.preventDefault();
                            open(node);
                          }}
                        >
                          {node.title}
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {node.file
                          ? formatBytes(node.file.size)
                          : node.kind === 'wiki'
                            ? `Revision ${node.revision}`
                            : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{node.updatedBy.nickname}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime value={node.updatedAt} size="sm" c="dimmed" />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 && <Pagination total={pages} value={pageNum} onChange={setPageNum} />}
    </Stack>
  );
}
