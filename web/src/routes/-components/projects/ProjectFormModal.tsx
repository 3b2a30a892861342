import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROJECT_STATE } from '@shared/domain/work-items';
import { type Project, type ProjectBody, ProjectBodySchema } from '@shared/schemas/projects';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { saveCallbacks, useStartAfresh } from '../../../lib/form-modal';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateProject, useUpdateProject } from '../../../queries/projects';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { PROJECT_STATUS_OPTIONS } from './project-status';

interface ProjectFormValues {
  name: string;
  description: string;
  status: number;
}

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The project to edit; absent to create one. */
  project?: Project;
  onCreated?: (project: Project) => void;
}

function initialValues(project?: Project): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    status: project?.status ?? PROJECT_STATE.on,
  };
}

/** Name, description and status of a project; validated by the shared ProjectBodySchema. */
export function ProjectFormModal({ opened, onClose, project, onCreated }: ProjectFormModalProps) {
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? '');
  const saving = create.isPending || update.isPending;
  const form = useForm<ProjectFormValues>({
    initialValues: initialValues(project),
    validate: zodResolver<ProjectFormValues>(ProjectBodySchema),
    validateInputOnBlur: true,
  });

  // Opening starts from the project as it is now (it may have changed since the last time).
  useStartAfresh(form, opened, () => initialValues(project), [project?.version]);

  const submit = form.onSubmit((values) => {
    const body: ProjectBody = ProjectBodySchema.parse(values);
    const done = saveCallbacks<Project>({
      form,
      onClose,
      onCreated,
      label: (saved) => `Project ${saved.name}`,
    });
    if (project) update.mutate({ ...body, version: project.version }, done.updated);
    else create.mutate(body, done.created);
  });

  return (
    <FormModal
      title={project ? 'Edit project' : 'New project'}
      opened={opened}
      onClose={onClose}
      pending={saving}
      onSubmit={submit}
      submitLabel={project ? 'Save' : 'Create'}
      size="lg"
    >
      <TextInput
        data-autofocus
        label="Project name"
        placeholder="Fleet console"
        withAsterisk
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        placeholder="What the project delivers, and for whom (optional)"
        autosize
        minRows={3}
        maxRows={8}
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
