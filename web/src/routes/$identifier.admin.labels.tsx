import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { IssueTag } from '@shared/schemas/issues';
import { IconTag } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { ShortDate } from '../components/RelativeTime/ShortDate';
import { CreateButton } from '../kit/ListPage/CreateButton';
import { NothingYet } from '../kit/ListPage/ListPage';
import { TextCell } from '../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../kit/ListTable/ListTable';
import { actionsColumn, DeleteAction, EditAction } from '../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { issueTagsQueryOptions, useDeleteTag } from '../queries/issues';
import { LabelFormModal } from './-components/labels/LabelFormModal';

/** The enterprise's work-item labels (tags): every project's items pick from these. */
export const Route = createFileRoute('/$identifier/admin/labels')({
  beforeLoad: accessGuard('adminLabels'),
  loader: (load) => loadQuery(issueTagsQueryOptions(), load),
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

  const newButton = <CreateButton onClick={() => setCreating(true)}>New label</CreateButton>;

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Labels">Tags that demands, tasks and bugs of every project can carry.</PageTitle>
        {tags.length > 0 && newButton}
      </Group>

      <Paper withBorder p={0}>
        {tags.length === 0 ? (
          <NothingYet
            icon={<IconTag size={28} />}
            title="No labels yet"
            description="Create labels such as “backend” or “customer” to group and filter work items."
            action={newButton}
            testId="labels-empty"
          />
        ) : (
          <ListTable
            rows={sorted}
            columns={LABEL_COLUMNS(setEditing, setDeleting)}
            testId="labels-table"
            rowTestId={(tag) => `label-row-${tag.name}`}
            highlightOnHover={false}
          />
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
      <ConfirmRemoveModal
        target={deleting}
        idOf={(tag) => tag.id}
        remove={remove}
        removed={(tag) => `Label ${tag.name} deleted`}
        closeWhenRefused
        onClose={() => setDeleting(null)}
        title="Delete label"
      >
        {(tag) => (
          <Text size="sm">
            Delete the label <b>{tag.name}</b>? Work items that carry it lose it; nothing else changes.
          </Text>
        )}
      </ConfirmRemoveModal>
    </Stack>
  );
}

const LABEL_COLUMNS = (
  onEdit: (tag: IssueTag) => void,
  onDelete: (tag: IssueTag) => void,
): ListColumn<IssueTag>[] => [
  {
    key: 'name',
    title: 'Label',
    role: 'title',
    render: (tag) => (
      <Badge variant="light" color={tag.color} tt="none" size="lg">
        {tag.name}
      </Badge>
    ),
  },
  {
    key: 'color',
    title: 'Colour',
    render: (tag) => (
      <Text size="sm" tt="capitalize">
        {tag.color}
      </Text>
    ),
  },
  {
    key: 'created',
    title: 'Created',
    render: (tag) => <TextCell value={<ShortDate value={tag.createdAt} />} dimmed />,
  },
  actionsColumn((tag) => (
    <>
      <EditAction label={`Edit label ${tag.name}`} onClick={() => onEdit(tag)} />
      <DeleteAction label={`Delete label ${tag.name}`} onClick={() => onDelete(tag)} />
    </>
  )),
];
