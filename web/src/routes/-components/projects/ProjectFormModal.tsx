import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PROJECT_STATE } from '@shared/domain/work-items';
import { type Project, type ProjectBody, ProjectBodySchema } from '@shared/schemas/projects';
import { useEffect } from 'react';
import { showServerFieldError } from '../../../lib/server-errors';
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened or when the project changes
  useEffect(() => {
    if (!opened) return;
    form.setValues(initialValues(project));
    form.resetDirty(initialValues(project));
    form.clearErrors();
  }, [opened, project?.version]);

  const submit = form.onSubmit((values) => {
    const body: ProjectBody = ProjectBodySchema.parse(values);
    const onError = (error: Error) => showServerFieldError(form, error);
    if (project) {
      update.mutate(
        { ...body, version: project.version },
        {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `Project ${saved.name} saved` });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: `Project ${created.name} created` });
          onClose();
          onCreated?.(created);
        },
        onError,
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title={project ? 'Edit project' : 'New project'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {project ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
