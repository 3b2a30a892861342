import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Snapshot, SnapshotCreateSchema } from '@shared/schemas/artifacts';
import { IconCamera } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { LinkAnchor, LinkButton } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { NotesTextarea } from '../../../kit/FormModal/fields';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { ListPanel } from '../../../kit/ListPage/ListPanel';
import { CountCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import type { SnapshotsSearch } from './artifact-search';
import { assetsColumn, byWhenColumn, deleteColumn, sizeColumn } from './columns';
import { RepositoryPending, useRepository } from './EditRepositoryPage';
import { repositoryPageRoute } from './labels';
import { usePeopleNames } from './people';
import { CompareCard } from './SnapshotCompare';
import { snapshotsQueryOptions, useCreateSnapshot, useDeleteSnapshot } from './snapshot-queries';

function CreateSnapshotModal({
  repositoryId,
  opened,
  onClose,
}: {
  repositoryId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateSnapshot(repositoryId);
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: zodResolver(SnapshotCreateSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (snapshot) => {
        notifications.show({
          color: 'green',
          message: `Snapshot ${snapshot.name} taken: ${snapshot.assetCount} assets`,
        });
        close();
      },
      onError: (error) => {
        if (!showServerFieldError(form, error)) form.setFieldError('name', errorText(error));
      },
    }),
  );
  return (
    <FormModal
      opened={opened}
      title="Take a snapshot"
      onClose={close}
      pending={create.isPending}
      onSubmit={submit}
      submitLabel="Take snapshot"
      testId="snapshot-create"
    >
      <Text size="sm" c="dimmed">
        A snapshot records every asset of the repository now, with its checksums. It never changes, its files
        stay downloadable, and the assets it lists cannot be deleted while it exists.
      </Text>
      <TextInput
        label="Name"
        placeholder="release-1.4"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <NotesTextarea label="Description" {...form.getInputProps('description')} />
    </FormModal>
  );
}

/** `/repositories/zhipin/{id}/snapshot`: a repository's snapshots, taking one, and comparing two. */
export function SnapshotsPage({
  identifier,
  repositoryId,
  search,
}: {
  identifier: string;
  repositoryId: string;
  search: SnapshotsSearch;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  const nameOf = usePeopleNames();
  const { query: repositoryQuery, repository } = useRepository(repositoryId);
  const query = useQuery(snapshotsQueryOptions(repositoryId));
  const remove = useDeleteSnapshot(repositoryId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Snapshot | null>(null);
  useDocumentTitle(`Snapshots of ${repository?.name ?? 'repository'} · ${enterprise.name}`);
  if (!repository) return <RepositoryPending query={repositoryQuery} />;

  const snapshots = query.data ?? [];
  const open = (name: string) =>
    void navigate({
      to: '/$identifier/repositories/zhipin/$id/snapshot/$snapshotName',
      params: { identifier, id: repositoryId, snapshotName: name },
    });
  const columns: ListColumn<Snapshot>[] = [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (row) => (
        <Stack gap={0}>
          <LinkAnchor
            to="/$identifier/repositories/zhipin/$id/snapshot/$snapshotName"
            params={{ identifier, id: repositoryId, snapshotName: row.name }}
            fw={600}
            size="sm"
          >
            {row.name}
          </LinkAnchor>
          {row.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'components',
      title: 'Components',
      align: 'right',
      render: (row) => <CountCell value={row.componentCount} />,
    },
    assetsColumn<Snapshot>(),
    sizeColumn<Snapshot>(),
    byWhenColumn<Snapshot>('taken', 'Taken', (row) => ({ name: nameOf(row.createdBy), at: row.createdAt })),
  ];
  if (can('artifact:repository:edit')) {
    columns.push(deleteColumn<Snapshot>((row) => `Delete snapshot ${row.name}`, setDeleting));
  }

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title={`Snapshots of ${repository.name}`}>
          Immutable records of the repository's assets and checksums at a moment.
        </PageTitle>
        <Group gap="sm">
          <LinkButton
            variant="default"
            to={repositoryPageRoute(repository)}
            params={{ identifier, id: repositoryId }}
          >
            Open repository
          </LinkButton>
          {can('artifact:repository:edit') && repository.type === 'hosted' && (
            <ActionButton size="sm" variant="filled" icon={IconCamera} onClick={() => setCreating(true)}>
              Take snapshot
            </ActionButton>
          )}
        </Group>
      </Group>
      <ListPanel
        title="Snapshots"
        count={query.data ? `${snapshots.length} in total` : undefined}
        what="snapshots"
        query={query}
        isEmpty={snapshots.length === 0}
        empty={
          <NothingYet
            icon={<IconCamera size={28} />}
            title="No snapshot yet"
            description={
              repository.type === 'group'
                ? 'A group stores nothing: take snapshots of its hosted members.'
                : 'Take one before a release: it keeps exactly what the repository holds now.'
            }
            testId="snapshots-empty"
          />
        }
      >
        <ListTable
          rows={snapshots}
          rowKey={(row) => row.name}
          columns={columns}
          testId="snapshots-table"
          rowTestId={(row) => `snapshot-row-${row.name}`}
          onOpen={(row) => open(row.name)}
        />
      </ListPanel>
      <CompareCard
        repositoryId={repositoryId}
        snapshots={snapshots}
        from={search.from}
        to={search.to}
        onChange={(change) =>
          void navigate({
            to: '.',
            search: (prev: SnapshotsSearch) => ({ ...prev, ...change }),
            replace: true,
          })
        }
      />
      <CreateSnapshotModal repositoryId={repositoryId} opened={creating} onClose={() => setCreating(false)} />
      <ConfirmRemoveModal
        target={deleting}
        idOf={(snapshot) => snapshot.name}
        remove={remove}
        removed={(snapshot) => `Snapshot ${snapshot.name} deleted`}
        onClose={() => setDeleting(null)}
        title={`Delete snapshot ${deleting?.name ?? ''}?`}
      >
        {() => (
          <Text size="sm">
            Its assets lose this hold and may be deleted again; files that nothing else holds are freed.
          </Text>
        )}
      </ConfirmRemoveModal>
    </Stack>
  );
}
