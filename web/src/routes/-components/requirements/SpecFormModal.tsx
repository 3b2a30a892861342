import { Alert, SimpleGrid, Text, Textarea } from '@mantine/core';
import { maxLengthOf } from '@shared/schemas/common';
import {
  SpecBodySchema,
  SpecChangeBodySchema,
  type SpecDetail,
  SpecUpdateBodySchema,
} from '@shared/schemas/requirements';
import { IconGitBranch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { MarkdownTextarea, NumberSelect, OptionSelect, TitleInput } from '../../../kit/FormModal/fields';
import { useChangeSpec, useCreateSpec, useUpdateSpec } from '../../../queries/requirements';
import { EstimateInput, PrioritySelect } from '../work-items/fields';
import { RequirementFormModal } from './ChangeFields';
import { ModuleSelect, RequirementTagsSelect, TYPE_OPTIONS, useMemberOptions } from './fields';
import { emptySpec, type SpecValues, specFields, specValues } from './requirement-forms';
import { type RequirementFormMode, useRequirementForm } from './use-requirement-form';

interface SpecFormModalProps {
  productId: string;
  mode: RequirementFormMode;
  /** The spec edited or changed (edit, change). */
  spec?: SpecDetail;
  /** Starting values of a new spec (a module picked in the tree, a refined requirement's text). */
  initial?: Partial<SpecValues>;
  /** The user requirement a new spec refines. */
  userRequirement?: { id: string; number: number; title: string } | null;
  onClose: () => void;
  onCreated?: (spec: SpecDetail) => void;
  /** Opens a new one: the "created" notification offers it. */
  openCreated?: (spec: SpecDetail) => void;
}

const SCHEMAS = { create: SpecBodySchema, update: SpecUpdateBodySchema, change: SpecChangeBodySchema };

/** "New spec", "Refine into a spec", Edit and Change of a spec: one form, validated by the shared schemas. */
export function SpecFormModal({
  productId,
  mode,
  spec,
  initial,
  userRequirement = null,
  onClose,
  onCreated,
  openCreated,
}: SpecFormModalProps) {
  const members = useMemberOptions(productId);
  const original = useMemo(() => (spec ? specValues(spec) : emptySpec(initial)), [spec, initial]);
  const { form, modal } = useRequirementForm({
    mode,
    prefix: 'SR',
    item: spec,
    original,
    fields: specFields,
    newBody: { productId, userRequirementId: userRequirement?.id ?? null },
    schemas: SCHEMAS,
    create: useCreateSpec(productId),
    update: useUpdateSpec(productId),
    change: useChangeSpec(productId),
    createTitle: userRequirement ? 'Refine into a spec' : 'New spec',
    onClose,
    onCreated,
    openCreated,
  });

  return (
    <RequirementFormModal what="spec" {...modal}>
      {userRequirement && (
        <Alert variant="light" icon={<IconGitBranch size={18} />} p="xs">
          <Text size="sm">
            Refines UR-{userRequirement.number} {userRequirement.title}
          </Text>
        </Alert>
      )}
      <TitleInput
        placeholder="What the product must do"
        maxLength={maxLengthOf(SpecBodySchema.shape.title)}
        {...form.getInputProps('title')}
      />
      <MarkdownTextarea label="Description" {...form.getInputProps('description')} />
      <Textarea
        label="Acceptance criteria"
        description="How to tell it is done (markdown)."
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('acceptance')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberSelect form={form} field="type" label="Type" data={TYPE_OPTIONS} />
        <PrioritySelect form={form} />
        <ModuleSelect productId={productId} {...form.getInputProps('moduleId')} />
        <OptionSelect
          label="Owner"
          options={members}
          empty="No owner"
          nothingFound="No product member matches"
          {...form.getInputProps('ownerId')}
        />
        <EstimateInput {...form.getInputProps('estimatedHours')} />
        <RequirementTagsSelect {...form.getInputProps('tagIds')} />
      </SimpleGrid>
    </RequirementFormModal>
  );
}
