import { Alert, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_REQUIREMENT_TAGS } from '@shared/domain/products';
import {
  SpecBodySchema,
  SpecChangeBodySchema,
  type SpecDetail,
  SpecUpdateBodySchema,
} from '@shared/schemas/requirements';
import { IconGitBranch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MarkdownTextarea, NumberSelect, OptionSelect, TagsSelect } from '../../../kit/FormModal/fields';
import { saveOnce } from '../../../lib/form-modal';
import { zodResolver } from '../../../lib/zod-resolver';
import { useChangeSpec, useCreateSpec, useUpdateSpec } from '../../../queries/requirements';
import { colorOption, EstimateInput, PrioritySelect } from '../work-items/fields';
import { RequirementFormModal } from './ChangeFields';
import { ModuleSelect, TYPE_OPTIONS, useMemberOptions, useRequirementTagOptions } from './fields';
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

  const submit = form.onSubmit(({ reason, ...values }) => {
    const done = (message: string) => saveOnce({ form, onClose }, () => message);
    if (mode === 'create') {
      const body = SpecBodySchema.parse({
        productId,
        userRequirementId: userRequirement?.id ?? null,
        ...specFields(values),
      });
      return create.mutate(
        body,
        saveOnce({ form, onClose }, (created) => `SR-${created.number} created`, onCreated),
      );
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
      return change.mutate(body, done(`SR-${spec.number} changed: it is back for review`));
    }
    update.mutate(SpecUpdateBodySchema.parse({ ...ids, ...picked }), done(`SR-${spec.number} saved`));
  });

  const title =
    mode === 'create'
      ? userRequirement
        ? 'Refine into a spec'
        : TITLES.create
      : `${TITLES[mode]} SR-${spec?.number} ${spec?.title ?? ''}`;

  return (
    <RequirementFormModal
      mode={mode}
      what="spec"
      title={title}
      onClose={onClose}
      pending={pending}
      onSubmit={submit}
      reason={form.getInputProps('reason')}
      nothingChanged={nothingChanged}
      onDismiss={() => setNothingChanged(false)}
    >
      {userRequirement && (
        <Alert variant="light" icon={<IconGitBranch size={18} />} p="xs">
          <Text size="sm">
            Refines UR-{userRequirement.number} {userRequirement.title}
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
