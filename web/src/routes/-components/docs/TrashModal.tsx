import { Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TrashEntry } from '@shared/schemas/docs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { trashQueryOptions, usePurge, useRestoreFromTrash } from '../../../queries/docs';
import { useDocsPlace } from './paths';
import { QueryPending } from './QueryPending';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** What was deleted in this library: restore it, or (after confirming) remove it for good. */
export function TrashModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const place = useDocsPlace();
  const { can } = useCurrentEnterprise();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({ ...trashQueryOptions(place.space, pageNum), enabled: opened });
  const restore = useRestoreFromTrash(place.space);
  const purge = usePurge(place.space);
  const [purging, setPurging] = useState<TrashEntry | null>(null);
  const canRemove = can('docs:doc:remove');
  const rows = query.data?.rows ?? [];
  const pages = query.data ? Math.ceil(query.data.total / query.data.pageSize) : 1;

  return (
    <Modal opened={opened} onClose={onClose} title="Trash" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Deleted folders and documents stay here for 30 days, then they are removed for good.
        </Text>
        {!query.isSuccess ? (
          <QueryPending query={query} what="trash" rowHeight={28} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="docs-trash-empty">
            The trash is empty.
          </Text>
        ) : (
          <Table data-testid="docs-trash">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Deleted by</Table.Th>
                <Table.Th>Removed for good</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {entry.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {entry.kind === 'folder'
                        ? `Folder, ${entry.itemCount} items inside`
                        : entry.kind === 'wiki'
                          ? 'Page'
                          : 'File'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.deletedBy.nickname}</Text>
                    <Text size="xs" c="dimmed">
                      {day(entry.deletedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{day(entry.purgeAt)}</Table.Td>
                  <Table.Td>
                    {canRemove && (
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          loading={restore.isPending && restore.variables === entry.id}
                          onClick={() =>
                            restore.mutate(entry.id, {
                              onSuccess: () => notifications.show({ message: `Restored ${entry.title}` }),
                              onError: (error) =>
                                notifications.show({ color: 'red', message: errorText(error) }),
                            })
                          }
                        >
                          Restore
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setPurging(entry)}>
                          Delete for good
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && <Pagination size="sm" total={pages} value={pageNum} onChange={setPageNum} />}
      </Stack>
      <ConfirmModal
        opened={purging !== null}
        onClose={() => setPurging(null)}
        title={purging ? `Delete ${purging.title} for good?` : ''}
        confirmLabel="Delete for good"
        loading={purge.isPending}
        onConfirm={() => {
          if (!purging) return;
          purge.mutate(purging.id, {
            onSuccess: () => {
              notifications.show({ message: `${purging.title} is gone for good` });
              setPurging(null);
            },
            onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
          });
        }}
      >
        <Text size="sm">
          {purging?.kind === 'folder'
            ? 'The folder, everything in it, every revision and every stored file are removed. This cannot be undone.'
            : 'It is removed with its revisions and stored files. This cannot be undone.'}
        </Text>
      </ConfirmModal>
    </Modal>
  );
}
