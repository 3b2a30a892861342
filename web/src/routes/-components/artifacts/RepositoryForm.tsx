import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ARTIFACT_FORMATS,
  type ArtifactFormat,
  type ArtifactRepository,
  GroupCreateSchema,
  HostedCreateSchema,
  LAYOUT_POLICIES,
  type LayoutPolicy,
  REPOSITORY_KINDS,
  type RepositoryKind,
  type RepositoryType,
  VERSION_POLICIES,
  type VersionPolicy,
  WRITE_POLICIES,
  type WritePolicy,
} from '@shared/schemas/artifacts';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkButton } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { COMBOBOX_PROPS, NotesTextarea, TitleInput } from '../../../kit/FormModal/fields';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import {
  FORMAT_LABELS,
  KIND_LABELS,
  kindListRoute,
  LAYOUT_POLICY_LABELS,
  repositoryPageRoute,
  TYPE_LABELS,
  VERSION_POLICY_LABELS,
  WRITE_POLICY_LABELS,
} from './labels';
import { allRepositoriesQueryOptions, useCreateRepository } from './queries';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** What the policy fields edit, on the create and the edit page alike. */
export interface PolicyValues {
  versionPolicy: VersionPolicy;
  layoutPolicy: LayoutPolicy;
  writePolicy: WritePolicy;
}

interface PolicyForm {
  getInputProps(path: keyof PolicyValues): object;
}

/** The policy selects, in the order they show: the version policy is Maven's alone (as in Nexus). */
const POLICY_SELECTS = [
  {
    field: 'versionPolicy',
    label: 'Version policy',
    description: 'Release refuses -SNAPSHOT versions; Snapshot takes only them; Mixed takes both.',
    data: options(VERSION_POLICIES, VERSION_POLICY_LABELS),
    mavenOnly: true,
  },
  {
    field: 'layoutPolicy',
    label: 'Layout policy',
    description: "Strict refuses paths that break the format's layout; Permissive stores any clean path.",
    data: options(LAYOUT_POLICIES, LAYOUT_POLICY_LABELS),
    mavenOnly: false,
  },
  {
    field: 'writePolicy',
    label: 'Write policy',
    description:
      'Allow once: a published path never changes. Allow redeploy: it may be replaced. Read only: nothing is published.',
    data: options(WRITE_POLICIES, WRITE_POLICY_LABELS),
    mavenOnly: false,
  },
] as const;

/** Version (Maven only, as in Nexus), layout and write policy of a hosted repository. */
export function PolicyFields({ form, format }: { form: PolicyForm; format: ArtifactFormat }) {
  return POLICY_SELECTS.filter((policy) => format === 'maven2' || !policy.mavenOnly).map((policy) => (
    <Select
      key={policy.field}
      label={policy.label}
      description={policy.description}
      data={policy.data}
      allowDeselect={false}
      comboboxProps={COMBOBOX_PROPS}
      {...form.getInputProps(policy.field)}
    />
  ));
}

/** What the settings fields edit besides the policies. */
interface SettingsForm extends PolicyForm {
  getInputProps(
    path: keyof PolicyValues | 'description' | 'anonymousRead',
    options?: { type: 'checkbox' },
  ): object;
  setFieldValue(path: 'memberIds', value: string[]): void;
  errors: Record<string, React.ReactNode>;
}

/**
 * What the create page and a repository's settings both edit: the description, a hosted
 * repository's policies or a group's members, and anonymous reading.
 */
export function RepositorySettingsFields({
  form,
  type,
  format,
  memberIds,
  excludeId,
}: {
  form: SettingsForm;
  type: RepositoryType;
  format: ArtifactFormat;
  memberIds: string[];
  /** The group being edited, which cannot be its own member. */
  excludeId?: string;
}) {
  return (
    <>
      <NotesTextarea label="Description" {...form.getInputProps('description')} />
      {type === 'hosted' ? (
        <PolicyFields form={form} format={format} />
      ) : (
        <MembersField
          format={format}
          excludeId={excludeId}
          value={memberIds}
          onChange={(ids) => form.setFieldValue('memberIds', ids)}
          error={form.errors.memberIds}
        />
      )}
      <Switch
        label="Anyone may read and download, without signing in"
        {...form.getInputProps('anonymousRead', { type: 'checkbox' })}
      />
    </>
  );
}

/**
 * A group's members, in the order it asks them: picked from the same format's repositories, then
 * moved up or down; the first member that has a path answers.
 */
export function MembersField({
  format,
  excludeId,
  value,
  onChange,
  error,
}: {
  format: ArtifactFormat;
  /** The group itself, which cannot be its own member. */
  excludeId?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}) {
  const all = useQuery(allRepositoriesQueryOptions());
  const candidates = (all.data ?? []).filter((r) => r.format === format && r.id !== excludeId);
  const byId = new Map((all.data ?? []).map((r) => [r.id, r]));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [id] = next.splice(index, 1);
    if (id) next.splice(index + by, 0, id);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Members"
        withAsterisk
        description={`The ${FORMAT_LABELS[format]} repositories the group reads, at most 20.`}
        placeholder={
          all.isPending
            ? 'Loading…'
            : candidates.length === 0
              ? 'No repository of this format yet'
              : 'Pick repositories'
        }
        data={candidates.map((r) => ({
          value: r.id,
          label: `${r.name} (${TYPE_LABELS[r.type].toLowerCase()})`,
        }))}
        value={value}
        onChange={onChange}
        searchable
        maxValues={20}
        comboboxProps={COMBOBOX_PROPS}
        error={error}
      />
      {value.length > 1 && (
        <Stack gap={4} data-testid="group-member-order">
          <Text size="sm" fw={500}>
            Order
          </Text>
          {value.map((id, index) => {
            const name = byId.get(id)?.name ?? id;
            return (
              <Group key={id} gap="xs" wrap="nowrap">
                <Text size="sm" w={24} c="dimmed">
                  {index + 1}.
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  {name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${name} down`}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((v) => v !== id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

interface CreateValues extends PolicyValues {
  kind: RepositoryKind;
  format: ArtifactFormat;
  type: RepositoryType;
  name: string;
  description: string;
  anonymousRead: boolean;
  memberIds: string[];
}

/** The body of the create call for the type chosen (a group has no policies of its own). */
function createBody(values: CreateValues) {
  const { kind, format, name, description, anonymousRead } = values;
  if (values.type === 'group') {
    return { type: 'group' as const, name, format, description, anonymousRead, memberIds: values.memberIds };
  }
  const { versionPolicy, layoutPolicy, writePolicy } = values;
  return {
    type: 'hosted' as const,
    kind,
    name,
    format,
    description,
    anonymousRead,
    versionPolicy: format === 'maven2' ? versionPolicy : ('mixed' as const),
    layoutPolicy,
    writePolicy,
  };
}

/** `/repositories/create`: format, hosted or group, name, policies or members. */
export function CreateRepositoryPage({ identifier, kind }: { identifier: string; kind: RepositoryKind }) {
  useDocumentTitle('Create repository');
  const navigate = useNavigate();
  const create = useCreateRepository();
  const form = useForm<CreateValues>({
    initialValues: {
      kind,
      format: 'npm',
      type: 'hosted',
      name: '',
      description: '',
      versionPolicy: 'release',
      layoutPolicy: 'strict',
      writePolicy: 'allow_once',
      anonymousRead: false,
      memberIds: [],
    },
    validate: (values) =>
      values.type === 'group'
        ? zodResolver(GroupCreateSchema)(createBody(values))
        : zodResolver(HostedCreateSchema)(createBody(values)),
  });
  const values = form.getValues();

  const submit = form.onSubmit((submitted) =>
    create.mutate(createBody(submitted), {
      onSuccess: (repository: ArtifactRepository) => {
        notifications.show({ color: 'green', message: `${repository.name} created` });
        void navigate({
          to: repositoryPageRoute(repository),
          params: { identifier, id: repository.id },
        });
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <Stack gap="lg" maw={720}>
      <PageTitle title="Create repository">
        A hosted repository stores what is published to it; a group answers from its members, in order.
      </PageTitle>
      <Paper withBorder p="xl">
        <form onSubmit={submit} noValidate data-testid="repository-create-form">
          <Stack gap="md">
            <Select
              label="Kind"
              description={
                values.type === 'group'
                  ? 'A group is an artifact repository: it reads its members.'
                  : undefined
              }
              disabled={values.type === 'group'}
              data={REPOSITORY_KINDS.map((value) => ({
                value,
                label: KIND_LABELS[value].replace(/ies$/, 'y'),
              }))}
              allowDeselect={false}
              comboboxProps={COMBOBOX_PROPS}
              {...form.getInputProps('kind')}
            />
            <Group grow align="flex-start">
              <Select
                label="Format"
                withAsterisk
                data={options(ARTIFACT_FORMATS, FORMAT_LABELS)}
                allowDeselect={false}
                comboboxProps={COMBOBOX_PROPS}
                {...form.getInputProps('format')}
                onChange={(format) => {
                  form.setFieldValue('format', (format ?? 'npm') as ArtifactFormat);
                  form.setFieldValue('memberIds', []);
                }}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="repository-type-label">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="repository-type-label"
                  data={options(['hosted', 'group'] as const, TYPE_LABELS)}
                  {...form.getInputProps('type')}
                />
              </Stack>
            </Group>
            <TitleInput
              label="Name"
              description="Lower-case letters, digits, dots, dashes and underscores. It is part of the clients' address and never changes."
              {...form.getInputProps('name')}
            />
            <RepositorySettingsFields
              form={form}
              type={values.type}
              format={values.format}
              memberIds={values.memberIds}
            />
            <Group justify="flex-end" mt="sm">
              <LinkButton to={kindListRoute(kind)} params={{ identifier }} variant="default">
                Cancel
              </LinkButton>
              <Button type="submit" loading={create.isPending}>
                Create repository
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
