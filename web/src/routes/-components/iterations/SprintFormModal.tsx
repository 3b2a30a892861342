import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_SPRINT_DAYS } from '@shared/domain/sprint-workflow';
import type { Sprint } from '@shared/schemas/sprints';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { DateRangeInputs } from '../../../kit/FormModal/fields';
import { saveCallbacks, useStartAfresh } from '../../../lib/form-modal';
import { useCreateSprint, useUpdateSprint } from '../../../queries/sprints';
import {
  type SprintFormValues,
  sprintBody,
  sprintFormValues,
  sprintUpdateBody,
  validateSprintForm,
} from './sprint-form';

interface SprintFormModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** The sprint to edit; absent to create one. */
  sprint?: Sprint | null;
  onCreated?: (sprint: Sprint) => void;
}

/** Name, goal and dates of a sprint (at most 90 days). */
export function SprintFormModal({ opened, onClose, projectId, sprint, onCreated }: SprintFormModalProps) {
  const create = useCreateSprint(projectId);
  const update = useUpdateSprint(projectId);
  const saving = create.isPending || update.isPending;
  const form = useForm<SprintFormValues>({
    initialValues: sprintFormValues(sprint),
    validate: (values) => validateSprintForm(values, projectId),
    validateInputOnBlur: ['name'],
  });

  useStartAfresh(form, opened, () => sprintFormValues(sprint), [sprint?.id, sprint?.version]);

  const done = saveCallbacks<Sprint>({ form, onClose, onCreated, label: (saved) => `“${saved.name}”` });
  const submit = form.onSubmit((submitted) => {
    if (sprint) update.mutate({ id: sprint.id, body: sprintUpdateBody(submitted, sprint) }, done.updated);
    else create.mutate(sprintBody(submitted, projectId), done.created);
  });

  return (
    <FormModal
      title={sprint ? 'Edit sprint' : 'New sprint'}
      opened={opened}
      onClose={onClose}
      pending={saving}
      onSubmit={submit}
      submitLabel={sprint ? 'Save' : 'Create sprint'}
      size="lg"
    >
      <TextInput
        data-autofocus
        label="Name"
        placeholder="Sprint 12"
        withAsterisk
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateRangeInputs
          form={form}
          clearable={[false, false]}
          required
          end={{
            description: `At most ${MAX_SPRINT_DAYS} days`,
            inputWrapperOrder: ['label', 'input', 'description', 'error'],
          }}
        />
      </SimpleGrid>
      <Textarea
        label="Goal"
        placeholder="What the sprint should achieve (optional)"
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('goal')}
      />
    </FormModal>
  );
}
