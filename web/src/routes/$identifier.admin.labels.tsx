import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatShortDate } from '@shared/format';
import type { IssueTag } from '@shared/schemas/issues';
import { IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmModal } from '../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { guardedLoad, requireAccess } from '../lib/route-guards';
import { issueTagsQueryOptions, useDeleteTag } from '../queries/issues';
import { LabelFormModal } from './-components/labels/LabelFormModal';

/** The enterprise's work-item labels (tags): every project's items pick from these. */
export const Route = createFileRoute('/$identifier/admin/labels')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ context }) => requireAccess(context.access, 'adminLabels'),
  loader: ({ context: { queryClient }, location }) =>
    guardedLoad(() => queryClient.ensureQueryData(issueTagsQueryOptions()), location.publicHref),
  component: LabelsPage,
});

function LabelsPage() {
  const { enterprise } = useCurrentEnterprise();
  useDocumentTitle(`Labels · ${enterprise.name}`);
  const { data: tags } = useSuspenseQuery(issueTagsQueryOptions());
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<IssueTag | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<IssueTag | null>(null);
  const sorted = [...tags].sort((a, b) => a.name.localeCompare(b.name));

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New label
    </Button>
  );

  function confirmDelete() {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Label ${name} deleted` }),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Labels">Tags that demands, tasks and bugs of every project can carry.</PageTitle>
        {tags.length > 0 && newButton}
      </Group>

      <Paper withBorder p={0}>
        {tags.length === 0 ? (
          <EmptyState
            py={48}
            variant="light"
            icon={<IconTag size={28} />}
            title="No labels yet"
            description="Create labels such as “backend” or “customer” to group and filter work items."
            data-testid="labels-empty"
          >
            <EmptyState.Actions>{newButton}</EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table data-testid="labels-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Colour</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th w={110} ta="right">
                    Actions
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((tag) => (
                  <Table.Tr key={tag.id} data-testid={`label-row-${tag.name}`}>
                    <Table.Td>
                      <Badge variant="light" color={tag.color} tt="none" size="lg">
                        {tag.name}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" tt="capitalize">
                        {tag.color}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatShortDate(tag.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit label ${tag.name}`}
                            onClick={() => setEditing(tag)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete label ${tag.name}`}
                            onClick={() => setDeleting(tag)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <LabelFormModal
        opened={creating || editing !== null}
        tag={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete label"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      >
        <Text size="sm">
          Delete the label <b>{deleting?.name}</b>? Work items that carry it lose it; nothing else changes.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
