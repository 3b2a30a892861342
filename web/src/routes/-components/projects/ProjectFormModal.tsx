import { Select } from '@mantine/core';
import { PROJECT_STATE } from '@shared/domain/work-items';
import { maxLengthOf } from '@shared/schemas/common';
import { type Project, type ProjectBody, ProjectBodySchema } from '@shared/schemas/projects';
import type { EditModalProps } from '../../../kit/FormModal/edit-modal-props';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { NotesTextarea, TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateProject, useUpdateProject } from '../../../queries/projects';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { PROJECT_STATUS_OPTIONS } from './project-status';

interface ProjectFormValues {
  name: string;
  description: string;
  status: number;
}

type ProjectFormModalProps = EditModalProps<'project', Project>;

function initialValues(project?: Project | null): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    status: project?.status ?? PROJECT_STATE.on,
  };
}

/** Name, description and status of a project; validated by the shared ProjectBodySchema. */
export function ProjectFormModal({ opened, onClose, project, onCreated }: ProjectFormModalProps) {
  const { form, modal } = useEditForm({
    opened,
    onClose,
    onCreated,
    item: project,
    // Opening starts from the project as it is now (it may have changed since the last time).
    values: () => initialValues(project),
    key: [project?.version],
    validate: zodResolver<ProjectFormValues>(ProjectBodySchema),
    validateInputOnBlur: true,
    noun: 'project',
    createLabel: 'Create',
    label: (saved: Project) => `Project ${saved.name}`,
    create: useCreateProject(),
    createBody: (values): ProjectBody => ProjectBodySchema.parse(values),
    update: useUpdateProject(project?.id ?? ''),
    updateBody: (values, item) => ({ ...ProjectBodySchema.parse(values), version: item.version }),
  });

  return (
    <FormModal {...modal} size="lg">
      <TitleInput
        label="Project name"
        placeholder="Fleet console"
        maxLength={maxLengthOf(ProjectBodySchema.shape.name)}
        {...form.getInputProps('name')}
      />
      <NotesTextarea
        label="Description"
        placeholder="What the project delivers, and for whom (optional)"
        {...form.getInputProps('description')}
      />
      <Select
        label="Status"
        data={PROJECT_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
        allowDeselect={false}
        comboboxProps={COMBOBOX_PROPS}
        value={String(form.getValues().status)}
        onChange={(value) => value !== null && form.setFieldValue('status', Number(value))}
        error={form.errors.status}
      />
    </FormModal>
  );
}
