import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
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
import { text } from '@shared/schemas/common';
import {
  UserRequirementBodySchema,
  type UserRequirementDetail,
  UserRequirementUpdateBodySchema,
} from '@shared/schemas/requirements';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateUserRequirement, useUpdateUserRequirement } from '../../../queries/requirements';
import { COMBOBOX_PROPS, colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
import { SOURCE_OPTIONS, useModuleOptions, useRequirementTagOptions } from './fields';
import {
  changedFields,
  emptyUserRequirement,
  type UserRequirementValues,
  userRequirementValues,
} from './requirement-forms';

export type UserRequirementFormMode = 'create' | 'edit' | 'change';

interface UserRequirementFormModalProps {
  productId: string;
  mode: UserRequirementFormMode;
  /** The requirement edited or changed. */
  item?: UserRequirementDetail;
  /** A new requirement starts in the module picked in the tree. */
  moduleId?: string | null;
  onClose: () => void;
  onCreated?: (item: UserRequirementDetail) => void;
}

type FormValues = UserRequirementValues & { reason: string };

/** A reviewed requirement's PUT is its change: the reason is required there. */
const ChangeSchema = UserRequirementUpdateBodySchema.extend({ reason: text('change reason', 2000) });

/** "New user requirement", Edit and Change: one form, validated by the shared schemas. */
export function UserRequirementFormModal({
  productId,
  mode,
  item,
  moduleId = null,
  onClose,
  onCreated,
}: UserRequirementFormModalProps) {
  const create = useCreateUserRequirement(productId);
  const update = useUpdateUserRequirement(productId);
  const pending = create.isPending || update.isPending;
  const modules = useModuleOptions(productId);
  const tags = useRequirementTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const original = useMemo(
    () => (item ? userRequirementValues(item) : emptyUserRequirement(moduleId)),
    [item, moduleId],
  );
  const [nothingChanged, setNothingChanged] = useState(false);

  const form = useForm<FormValues>({
    initialValues: { ...original, reason: '' },
    validate: ({ reason, ...values }) => {
      if (mode === 'create') return zodResolver(UserRequirementBodySchema)({ productId, ...values });
      const ids = { id: item?.id ?? '', version: item?.version ?? 1 };
      if (mode === 'change') return zodResolver(ChangeSchema)({ ...ids, reason, ...values });
      return zodResolver(UserRequirementUpdateBodySchema)({ ...ids, ...values });
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
      return create.mutate(UserRequirementBodySchema.parse({ productId, ...values }), {
        onSuccess: (created) => {
          done(`UR-${created.number} created: it waits for review`);
          onCreated?.(created);
        },
        onError,
      });
    }
    if (!item) return;
    const changes = changedFields(original, values);
    if (Object.keys(changes).length === 0) {
      if (mode === 'edit') return onClose();
      return setNothingChanged(true);
    }
    const ids = { id: item.id, version: item.version };
    const body =
      mode === 'change'
        ? ChangeSchema.parse({ ...ids, reason, ...changes })
        : UserRequirementUpdateBodySchema.parse({ ...ids, ...changes });
    update.mutate(body, {
      onSuccess: () =>
        done(
          mode === 'change' ? `UR-${item.number} changed: it is back for review` : `UR-${item.number} saved`,
        ),
      onError,
    });
  });

  const title =
    mode === 'create'
      ? 'New user requirement'
      : `${mode === 'change' ? 'Change' : 'Edit'} UR-${item?.number} ${item?.title ?? ''}`;

  return (
    <Modal opened onClose={() => !pending && onClose()} title={title} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mode === 'change' && (
            <Alert variant="light" color="orange" icon={<IconArrowBackUp size={18} />} p="xs">
              <Text size="sm">
                A reviewed requirement changes with a reason: each changed field is recorded, and it goes back
                for review as changed.
              </Text>
            </Alert>
          )}
          <TextInput
            data-autofocus
            label="Title"
            placeholder="What the user needs"
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Source"
              data={SOURCE_OPTIONS}
              allowDeselect={false}
              comboboxProps={COMBOBOX_PROPS}
              value={String(form.getValues().source)}
              onChange={(value) => value && form.setFieldValue('source', Number(value))}
              error={form.errors.source}
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
