import { SimpleGrid } from '@mantine/core';
import type { Sheet, SheetNode } from '@shared/schemas/testruns';
import { useMemo } from 'react';
import type { EditModalProps } from '../../../kit/FormModal/edit-modal-props';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { DateRangeInputs, NotesTextarea, OptionSelect, TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { useCreateSheet, useUpdateSheet } from '../../../queries/testsheets';
import { SprintSelect } from '../iterations/SprintSelect';
import { ProjectMemberSelect } from '../work-items/fields';
import {
  type SheetFormValues,
  sheetBody,
  sheetFormValues,
  sheetUpdateBody,
  validateSheetForm,
} from './sheet-form';
import { parentOptions } from './sheet-tree';

interface SheetFormModalProps extends EditModalProps<'sheet', Sheet> {
  projectId: string;
  /** Every sheet of the project, for the parent picker. */
  nodes: readonly SheetNode[];
  /** The parent a new sheet starts under (New sub-sheet). */
  parentId?: string | null;
}

/** Name, description, parent, sprint, owner and dates of a test sheet. */
export function SheetFormModal({
  opened,
  onClose,
  projectId,
  nodes,
  sheet,
  parentId = null,
  onCreated,
}: SheetFormModalProps) {
  const parents = useMemo(() => ({ options: parentOptions(nodes, sheet?.id) }), [nodes, sheet?.id]);
  const { form, modal } = useEditForm({
    opened,
    onClose,
    onCreated,
    item: sheet,
    values: () => sheetFormValues(sheet, parentId),
    key: [sheet?.id, sheet?.version, parentId],
    validate: (values: SheetFormValues) => validateSheetForm(values, projectId),
    validateInputOnBlur: ['name'],
    noun: 'test sheet',
    createLabel: 'Create sheet',
    label: (saved: Sheet) => `“${saved.name}”`,
    create: useCreateSheet(projectId),
    createBody: (values) => sheetBody(values, projectId),
    update: useUpdateSheet(projectId),
    updateBody: (values, item) => ({ id: item.id, body: sheetUpdateBody(values, item) }),
  });

  return (
    <FormModal
      {...modal}
      title={sheet ? modal.title : parentId ? 'New sub-sheet' : 'New test sheet'}
      size="lg"
    >
      <TitleInput label="Name" placeholder="Release 2.4 regression" {...form.getInputProps('name')} />
      <OptionSelect
        label="Parent sheet"
        options={parents}
        empty="None: a top-level sheet"
        nothingFound="No sheet matches"
        {...form.getInputProps('root_id')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <SprintSelect projectId={projectId} enabled={opened} {...form.getInputProps('sprintId')} />
        <ProjectMemberSelect
          projectId={projectId}
          label="Owner"
          empty="Nobody"
          {...form.getInputProps('ownerId')}
        />
        <DateRangeInputs form={form} clearable={[!sheet?.startDate, !sheet?.endDate]} />
      </SimpleGrid>
      <NotesTextarea
        label="Description"
        placeholder="What this round of testing covers (optional)"
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
