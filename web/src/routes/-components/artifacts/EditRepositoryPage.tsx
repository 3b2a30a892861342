import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ArtifactRepository, GroupUpdateSchema, HostedUpdateSchema } from '@shared/schemas/artifacts';
import { IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RefusableDeleteModal } from '../../../components/ConfirmModal/ConfirmModal';
import { LinkButton } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { SaveRow, SectionHeading, SettingsSection } from '../../../kit/SettingsSection/SettingsSection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { LockControl } from './LockControl';
import { FORMAT_LABELS, KIND_LABELS, kindListRoute, repositoryPageRoute, TYPE_LABELS } from './labels';
import { QueryBody, type ReadQuery } from './QueryBody';
import { allRepositoriesQueryOptions, useDeleteRepository, useUpdateRepository } from './queries';
import { type PolicyValues, RepositorySettingsFields } from './RepositoryForm';
import { RetentionSection } from './RetentionSection';

/** One repository by id, read from the enterprise's list (the API has no call by id). */
export function useRepository(repositoryId: string) {
  const query = useQuery(allRepositoriesQueryOptions());
  return { query, repository: query.data?.find((r) => r.id === repositoryId) };
}

/** A repository page while its repository loads, failed, or is not there. */
export function RepositoryPending({ query }: { query: ReadQuery }) {
  return (
    <QueryBody
      query={query}
      what="The repository"
      skeleton={
        <Stack gap="md" maw={1280} aria-busy aria-label="Loading the repository">
          <Skeleton h={36} w={320} />
          <Skeleton h={120} />
          <Skeleton h={240} />
        </Stack>
      }
    >
      <Alert color="yellow" title="No such repository" data-testid="repository-missing">
        It may have been deleted. Go back to the artifact library to pick another one.
      </Alert>
    </QueryBody>
  );
}

type EditValues = PolicyValues & { description: string; anonymousRead: boolean; memberIds: string[] };

function EditForm({ repository }: { repository: ArtifactRepository }) {
  const update = useUpdateRepository(repository);
  const form = useForm<EditValues>({
    initialValues: {
      description: repository.description,
      anonymousRead: repository.anonymousRead,
      versionPolicy: repository.versionPolicy,
      layoutPolicy: repository.layoutPolicy,
      writePolicy: repository.writePolicy,
      memberIds: repository.memberIds,
    },
    validate: (values) => zodResolver(schemaOf(repository))(bodyOf(repository, values)),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(bodyOf(repository, values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${repository.name} saved` });
        form.resetDirty();
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );
  return (
    <SettingsSection title={repository.type === 'group' ? 'Members' : 'Policies'} size="md">
      <form onSubmit={submit} noValidate data-testid="repository-edit-form">
        <Stack gap="md">
          <RepositorySettingsFields
            form={form}
            type={repository.type}
            format={repository.format}
            memberIds={form.getValues().memberIds}
            excludeId={repository.id}
          />
          <SaveRow pending={update.isPending} />
        </Stack>
      </form>
    </SettingsSection>
  );
}

const schemaOf = (repository: ArtifactRepository) =>
  repository.type === 'group' ? GroupUpdateSchema : HostedUpdateSchema;

function bodyOf(repository: ArtifactRepository, values: EditValues) {
  const common = {
    description: values.description,
    anonymousRead: values.anonymousRead,
    version: repository.version,
  };
  if (repository.type === 'group') return { ...common, memberIds: values.memberIds };
  return {
    ...common,
    versionPolicy: repository.format === 'maven2' ? values.versionPolicy : repository.versionPolicy,
    layoutPolicy: values.layoutPolicy,
    writePolicy: values.writePolicy,
  };
}

/** Delete, refused with the API's reason (contents, a group that lists it, the lock). */
function DeleteSection({ repository, identifier }: { repository: ArtifactRepository; identifier: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRepository();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="xl">
      <Group justify="space-between">
        <SectionHeading title="Delete repository" size="md">
          Only an empty, unlocked repository that no group lists can be deleted.
        </SectionHeading>
        <ActionButton size="sm" variant="light" icon={IconTrash} color="red" onClick={() => setOpen(true)}>
          Delete
        </ActionButton>
      </Group>
      <RefusableDeleteModal
        target={open ? repository : null}
        idOf={(target) => target.id}
        remove={remove}
        deleted={(target) => `${target.name} deleted`}
        onDeleted={() => void navigate({ to: kindListRoute(repository.kind), params: { identifier } })}
        onClose={() => setOpen(false)}
        title={`Delete ${repository.name}?`}
        refusalTestId="repository-delete-refusal"
      >
        <Text size="sm">
          The repository and its address <b>{repository.url}</b> go away; clients that use it will fail.
        </Text>
      </RefusableDeleteModal>
    </Paper>
  );
}

/** `/repositories/edit/{format}/{id}`: policies or members, the lock, and delete. */
export function EditRepositoryPage({
  identifier,
  repositoryId,
}: {
  identifier: string;
  repositoryId: string;
}) {
  const { can } = useCurrentEnterprise();
  const { query, repository } = useRepository(repositoryId);
  useDocumentTitle(repository ? `Edit ${repository.name}` : 'Edit repository');
  if (!repository) return <RepositoryPending query={query} />;
  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title={`Edit ${repository.name}`}>
          {KIND_LABELS[repository.kind].replace(/ies$/, 'y')} · {FORMAT_LABELS[repository.format]} ·{' '}
          {TYPE_LABELS[repository.type]}. The name, format and type never change.
        </PageTitle>
        <LinkButton
          variant="default"
          to={repositoryPageRoute(repository)}
          params={{ identifier, id: repository.id }}
        >
          Open repository
        </LinkButton>
      </Group>
      {can('artifact:repository:edit') && (
        <Paper withBorder p="xl">
          <Group justify="space-between">
            <Stack gap={2}>
              <Title order={2} fz="md">
                Lock
              </Title>
              <Group gap="xs">
                {repository.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                <Badge
                  color={repository.locked ? 'orange' : 'gray'}
                  variant="light"
                  data-testid="repository-lock-state"
                >
                  {repository.locked ? 'Locked' : 'Open'}
                </Badge>
                <Text size="sm" c="dimmed">
                  A locked repository refuses every publish and delete.
                </Text>
              </Group>
            </Stack>
            <LockControl repository={repository} />
          </Group>
        </Paper>
      )}
      {can('artifact:repository:edit') && <EditForm key={repository.version} repository={repository} />}
      {repository.type === 'hosted' && <RetentionSection repository={repository} />}
      {can('artifact:repository:remove') && <DeleteSection repository={repository} identifier={identifier} />}
    </Stack>
  );
}
