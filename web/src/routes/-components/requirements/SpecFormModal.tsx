import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAX_REQUIREMENT_TAGS } from '@shared/domain/products';
import {
  SpecBodySchema,
  SpecChangeBodySchema,
  type SpecDetail,
  SpecUpdateBodySchema,
} from '@shared/schemas/requirements';
import { IconArrowBackUp, IconGitBranch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useChangeSpec, useCreateSpec, useUpdateSpec } from '../../../queries/requirements';
import { COMBOBOX_PROPS, colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
import { TYPE_OPTIONS, useMemberOptions, useModuleOptions, useRequirementTagOptions } from './fields';
import { changedFields, emptySpec, type SpecValues, specFields, specValues } from './requirement-forms';

export type SpecFormMode = 'create' | 'edit' | 'change';

interface SpecFormModalProps {
  productId: string;
  mode: SpecFormMode;
  /** The spec edited or changed (edit, change). */
  spec?: SpecDetail;
  /** Starting values of a new spec (a module picked in the tree, a refined requirement's text). */
  initial?: Partial<SpecValues>;
  /** The user requirement a new spec refines. */
  userRequirement?: { id: string; number: number; title: string } | null;
  onClose: () => void;
  onCreated?: (spec: SpecDetail) => void;
}

type FormValues = SpecValues & { reason: string };

const TITLES: Record<SpecFormMode, string> = { create: 'New spec', edit: 'Edit', change: 'Change' };

/** "New spec", "Refine into a spec", Edit and Change of a spec: one form, validated by the shared schemas. */
export function SpecFormModal({
  productId,
  mode,
  spec,
  initial,
  userRequirement = null,
  onClose,
  onCreated,
}: SpecFormModalProps) {
  const create = useCreateSpec(productId);
  const update = useUpdateSpec(productId);
  const change = useChangeSpec(productId);
  const pending = create.isPending || update.isPending || change.isPending;
  const modules = useModuleOptions(productId);
  const members = useMemberOptions(productId);
  const tags = useRequirementTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const original = useMemo(() => (spec ? specValues(spec) : emptySpec(initial)), [spec, initial]);
  const [nothingChanged, setNothingChanged] = useState(false);

  const form = useForm<FormValues>({
    initialValues: { ...original, reason: '' },
    validate: ({ reason, ...values }) => {
      const fields = specFields(values);
      if (mode === 'create') {
        return zodResolver(SpecBodySchema)({
          productId,
          userRequirementId: userRequirement?.id ?? null,
          ...fields,
        });
      }
      const ids = { id: spec?.id ?? '', version: spec?.version ?? 1 };
      if (mode === 'change') return zodResolver(SpecChangeBodySchema)({ ...ids, reason, ...fields });
      return zodResolver(SpecUpdateBodySchema)({ ...ids, ...fields });
    },
    validateInputOnBlur: ['title'],
  });

  function done(message: string) {
    notifications.show({ color: 'green', message });
    onClose();
  }

  const submit = form.onSubmit(({ reason, ...values }) => {
    const onError = (error: Error) => showServerFieldError(form, error);
    if (mode === 'create') {
      const body = SpecBodySchema.parse({
        productId,
        userRequirementId: userRequirement?.id ?? null,
        ...specFields(values),
      });
      return create.mutate(body, {
        onSuccess: (created) => {
          done(`SR-${created.number} created`);
          onCreated?.(created);
        },
        onError,
      });
    }
    if (!spec) return;
    const changes = changedFields(original, values);
    if (Object.keys(changes).length === 0) {
      // An edit that changes nothing is simply done; a change must change something to record.
      if (mode === 'edit') return onClose();
      return setNothingChanged(true);
    }
    const fields = specFields({ ...original, ...changes });
    const picked = Object.fromEntries(
      Object.keys(changes).map((key) => [key, fields[key as keyof SpecValues]]),
    );
    const ids = { id: spec.id, version: spec.version };
    if (mode === 'change') {
      const body = SpecChangeBodySchema.parse({ ...ids, reason, ...picked });
      return change.mutate(body, {
        onSuccess: () => done(`SR-${spec.number} changed: it is back for review`),
        onError,
      });
    }
    update.mutate(SpecUpdateBodySchema.parse({ ...ids, ...picked }), {
      onSuccess: () => done(`SR-${spec.number} saved`),
      onError,
    });
  });

  const title =
    mode === 'create'
      ? userRequirement
        ? 'Refine into a spec'
        : TITLES.create
      : `${TITLES[mode]} SR-${spec?.number} ${spec?.title ?? ''}`;

  return (
    <Modal opened onClose={() => !pending && onClose()} title={title} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {userRequirement && (
            <Alert variant="light" icon={<IconGitBranch size={18} />} p="xs">
              <Text size="sm">
                Refines UR-{userRequirement.number} {userRequirement.title}
              </Text>
            </Alert>
          )}
          {mode === 'change' && (
            <Alert variant="light" color="orange" icon={<IconArrowBackUp size={18} />} p="xs">
              <Text size="sm">
                A reviewed spec changes with a reason: each changed field is recorded, and it goes back for
                review as changed.
              </Text>
            </Alert>
          )}
          <TextInput
            data-autofocus
            label="Title"
            placeholder="What the product must do"
            withAsterisk
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            description="Markdown: **bold**, lists, [links](https://example.com), `code`."
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('description')}
          />
          <Textarea
            label="Acceptance criteria"
            description="How to tell it is done (markdown)."
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('acceptance')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              data={TYPE_OPTIONS}
              allowDeselect={false}
              comboboxProps={COMBOBOX_PROPS}
              value={String(form.getValues().type)}
              onChange={(value) => value && form.setFieldValue('type', Number(value))}
              error={form.errors.type}
            />
            <Select
              label="Priority"
              data={PRIORITY_OPTIONS}
              renderOption={renderPriorityOption}
              allowDeselect={false}
              comboboxProps={COMBOBOX_PROPS}
              value={String(form.getValues().priority)}
              onChange={(value) => value && form.setFieldValue('priority', Number(value))}
              error={form.errors.priority}
            />
            <Select
              label="Module"
              placeholder={modules.loading ? 'Loading modules…' : 'No module'}
              data={modules.options}
              searchable
              clearable
              nothingFoundMessage="No module matches"
              comboboxProps={COMBOBOX_PROPS}
              {...form.getInputProps('moduleId')}
            />
            <Select
              label="Owner"
              placeholder={members.loading ? 'Loading members…' : 'No owner'}
              data={members.options}
              searchable
              clearable
              nothingFoundMessage="No product member matches"
              comboboxProps={COMBOBOX_PROPS}
              {...form.getInputProps('ownerId')}
            />
            <NumberInput
              label="Estimate (hours)"
              placeholder="Not estimated"
              min={0}
              max={10_000}
              step={0.5}
              decimalScale={2}
              {...form.getInputProps('estimatedHours')}
            />
            <MultiSelect
              label="Tags"
              placeholder={tags.options.length === 0 && !tags.loading ? 'No tags yet' : 'Choose tags'}
              data={tags.options}
              renderOption={renderTag}
              searchable
              clearable
              maxValues={MAX_REQUIREMENT_TAGS}
              nothingFoundMessage="No tag matches"
              comboboxProps={COMBOBOX_PROPS}
              {...form.getInputProps('tagIds')}
            />
          </SimpleGrid>
          {mode === 'change' && (
            <Textarea
              label="Reason for the change"
              withAsterisk
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('reason')}
            />
          )}
          {nothingChanged && (
            <Alert
              color="yellow"
              variant="light"
              p="xs"
              withCloseButton
              onClose={() => setNothingChanged(false)}
            >
              <Text size="sm">Nothing is changed yet: change a field to record the change.</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {mode === 'create' ? 'Create' : mode === 'change' ? 'Submit change' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
