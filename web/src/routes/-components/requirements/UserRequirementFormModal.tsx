import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_REQUIREMENT_TAGS } from '@shared/domain/products';
import { text } from '@shared/schemas/common';
import {
  UserRequirementBodySchema,
  type UserRequirementDetail,
  UserRequirementUpdateBodySchema,
} from '@shared/schemas/requirements';
import { useMemo, useState } from 'react';
import { MarkdownTextarea, NumberSelect, TagsSelect } from '../../../kit/FormModal/fields';
import { saveOnce } from '../../../lib/form-modal';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateUserRequirement, useUpdateUserRequirement } from '../../../queries/requirements';
import { colorOption, PrioritySelect } from '../work-items/fields';
import { RequirementFormModal } from './ChangeFields';
import { ModuleSelect, SOURCE_OPTIONS, useRequirementTagOptions } from './fields';
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

  const submit = form.onSubmit(({ reason, ...values }) => {
    if (mode === 'create') {
      return create.mutate(
        UserRequirementBodySchema.parse({ productId, ...values }),
        saveOnce(
          { form, onClose },
          (created) => `UR-${created.number} created: it waits for review`,
          onCreated,
        ),
      );
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
    update.mutate(
      body,
      saveOnce({ form, onClose }, () =>
        mode === 'change' ? `UR-${item.number} changed: it is back for review` : `UR-${item.number} saved`,
      ),
    );
  });

  const title =
    mode === 'create'
      ? 'New user requirement'
      : `${mode === 'change' ? 'Change' : 'Edit'} UR-${item?.number} ${item?.title ?? ''}`;

  return (
    <RequirementFormModal
      mode={mode}
      what="requirement"
      title={title}
      onClose={onClose}
      pending={pending}
      onSubmit={submit}
      reason={form.getInputProps('reason')}
      nothingChanged={nothingChanged}
      onDismiss={() => setNothingChanged(false)}
    >
      <TextInput
        data-autofocus
        label="Title"
        placeholder="What the user needs"
        withAsterisk
        {...form.getInputProps('title')}
      />
      <MarkdownTextarea label="Description" {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberSelect form={form} field="source" label="Source" data={SOURCE_OPTIONS} />
        <PrioritySelect form={form} />
        <ModuleSelect productId={productId} {...form.getInputProps('moduleId')} />
        <TagsSelect
          tags={tags}
          max={MAX_REQUIREMENT_TAGS}
          renderOption={renderTag}
          {...form.getInputProps('tagIds')}
        />
      </SimpleGrid>
    </RequirementFormModal>
  );
}
