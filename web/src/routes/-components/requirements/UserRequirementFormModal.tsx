import { SimpleGrid } from '@mantine/core';
import { maxLengthOf, text } from '@shared/schemas/common';
import {
  UserRequirementBodySchema,
  type UserRequirementDetail,
  UserRequirementUpdateBodySchema,
} from '@shared/schemas/requirements';
import { useMemo } from 'react';
import { MarkdownTextarea, NumberSelect, TitleInput } from '../../../kit/FormModal/fields';
import { useCreateUserRequirement, useUpdateUserRequirement } from '../../../queries/requirements';
import { PrioritySelect } from '../work-items/fields';
import { RequirementFormModal } from './ChangeFields';
import { ModuleSelect, RequirementTagsSelect, SOURCE_OPTIONS } from './fields';
import { emptyUserRequirement, type UserRequirementValues, userRequirementValues } from './requirement-forms';
import { type RequirementFormMode, useRequirementForm } from './use-requirement-form';

interface UserRequirementFormModalProps {
  productId: string;
  mode: RequirementFormMode;
  /** The requirement edited or changed. */
  item?: UserRequirementDetail;
  /** A new requirement starts in the module picked in the tree. */
  moduleId?: string | null;
  onClose: () => void;
  onCreated?: (item: UserRequirementDetail) => void;
  /** Opens a new one: the "created" notification offers it. */
  openCreated?: (item: UserRequirementDetail) => void;
}

/** A reviewed requirement's PUT is its change: the reason is required there. */
const SCHEMAS = {
  create: UserRequirementBodySchema,
  update: UserRequirementUpdateBodySchema,
  change: UserRequirementUpdateBodySchema.extend({ reason: text('change reason', 2000) }),
};

const asTheyAre = (values: UserRequirementValues) => values;

/** "New user requirement", Edit and Change: one form, validated by the shared schemas. */
export function UserRequirementFormModal({
  productId,
  mode,
  item,
  moduleId = null,
  onClose,
  onCreated,
  openCreated,
}: UserRequirementFormModalProps) {
  const update = useUpdateUserRequirement(productId);
  const original = useMemo(
    () => (item ? userRequirementValues(item) : emptyUserRequirement(moduleId)),
    [item, moduleId],
  );
  const { form, modal } = useRequirementForm({
    mode,
    prefix: 'UR',
    item,
    original,
    fields: asTheyAre,
    newBody: { productId },
    schemas: SCHEMAS,
    create: useCreateUserRequirement(productId),
    update,
    change: update,
    createdNote: ': it waits for review',
    createTitle: 'New user requirement',
    onClose,
    onCreated,
    openCreated,
  });

  return (
    <RequirementFormModal what="requirement" {...modal}>
      <TitleInput
        placeholder="What the user needs"
        maxLength={maxLengthOf(UserRequirementBodySchema.shape.title)}
        {...form.getInputProps('title')}
      />
      <MarkdownTextarea label="Description" {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberSelect form={form} field="source" label="Source" data={SOURCE_OPTIONS} />
        <PrioritySelect form={form} />
        <ModuleSelect productId={productId} {...form.getInputProps('moduleId')} />
        <RequirementTagsSelect {...form.getInputProps('tagIds')} />
      </SimpleGrid>
    </RequirementFormModal>
  );
}
