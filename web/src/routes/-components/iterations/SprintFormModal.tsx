import { SimpleGrid } from '@mantine/core';
import { MAX_SPRINT_DAYS } from '@shared/domain/sprint-workflow';
import type { Sprint } from '@shared/schemas/sprints';
import type { EditModalProps } from '../../../kit/FormModal/edit-modal-props';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { DateRangeInputs, NotesTextarea, TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { useCreateSprint, useUpdateSprint } from '../../../queries/sprints';
import { useProjectSprints } from './SprintSelect';
import {
  nextSprintDates,
  type SprintFormValues,
  sprintBody,
  sprintFormValues,
  sprintUpdateBody,
  validateSprintForm,
} from './sprint-form';

interface SprintFormModalProps extends EditModalProps<'sprint', Sprint> {
  projectId: string;
}

/** Name, goal and dates of a sprint (at most 90 days). */
export function SprintFormModal({ opened, onClose, projectId, sprint, onCreated }: SprintFormModalProps) {
  // A new sprint follows the last one: the project's latest sprints decide its dates.
  const latest = useProjectSprints(projectId, opened && !sprint);
  const today = new Date().toLocaleDateString('en-CA');
  const prefill = sprint ? undefined : nextSprintDates(latest.data?.rows ?? [], today);
  const { form, modal } = useEditForm({
    opened,
    onClose,
    onCreated,
    item: sprint,
    values: () => sprintFormValues(sprint, prefill),
    key: [sprint?.id, sprint?.version, prefill?.startDate],
    validate: (values: SprintFormValues) => validateSprintForm(values, projectId),
    validateInputOnBlur: ['name'],
    noun: 'sprint',
    createLabel: 'Create sprint',
    label: (saved: Sprint) => `“${saved.name}”`,
    create: useCreateSprint(projectId),
    createBody: (values) => sprintBody(values, projectId),
    update: useUpdateSprint(projectId),
    updateBody: (values, item) => ({ id: item.id, body: sprintUpdateBody(values, item) }),
  });

  return (
    <FormModal {...modal} size="lg">
      <TitleInput label="Name" placeholder="Sprint 12" {...form.getInputProps('name')} />
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
      <NotesTextarea
        label="Goal"
        placeholder="What the sprint should achieve (optional)"
        {...form.getInputProps('goal')}
      />
    </FormModal>
  );
}
