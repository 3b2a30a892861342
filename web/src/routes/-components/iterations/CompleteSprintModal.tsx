import { Alert, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPLETION_CHOICES,
  ITERATION_COMPLETION_CHOICE,
  MAX_COMPLETION_ITEMS,
} from '@shared/domain/sprint-workflow';
import type { CompleteSprintBody, Sprint } from '@shared/schemas/sprints';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../api/errors';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { openSprintsQueryOptions, useCompleteSprint } from '../../../queries/sprints';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { itemCount, unfinishedCount } from './sprint-format';

interface CompleteSprintModalProps {
  projectId: string;
  /** The sprint to complete; null while closed. */
  sprint: Sprint | null;
  onClose: () => void;
}

type Choice = CompleteSprintBody['choice'];

/**
 * Completing asks what happens to the unfinished items (section 4): finish them, take them back
 * to the backlog, or move them to another open sprint. A refusal (409) stays in the dialog.
 */
export function CompleteSprintModal({ projectId, sprint, onClose }: CompleteSprintModalProps) {
  const complete = useCompleteSprint(projectId);
  const [choice, setChoice] = useState<Choice>(ITERATION_COMPLETION_CHOICE.unlinkAll);
  const [target, setTarget] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  const open = useQuery({ ...openSprintsQueryOptions(projectId), enabled: sprint !== null });
  const targets = (open.data ?? [])
    .filter((s) => s.id !== sprint?.id)
    .map((s) => ({ value: s.id, label: `${s.name} (${s.statusName.toLowerCase()})` }));
  const unfinished = sprint ? unfinishedCount(sprint) : 0;
  const refusal =
    complete.error instanceof HttpError && complete.error.status === 409 ? complete.error.message : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for each sprint
  useEffect(() => {
    if (!sprint) return;
    setChoice(ITERATION_COMPLETION_CHOICE.unlinkAll);
    setTarget(null);
    setTargetError(null);
    complete.reset();
  }, [sprint?.id]);

  function submit() {
    if (!sprint) return;
    const moving = choice === ITERATION_COMPLETION_CHOICE.moveToIteration;
    if (moving && !target) {
      setTargetError('Please enter target sprint');
      return;
    }
    const body: CompleteSprintBody = {
      version: sprint.version,
      choice,
      ...(moving && target ? { targetSprintId: target } : {}),
    };
    complete.mutate(
      { id: sprint.id, body },
      {
        onSuccess: (done) => {
          notifications.show({ color: 'green', message: `“${done.name}” completed` });
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened={sprint !== null}
      onClose={onClose}
      title={sprint ? `Complete ${sprint.name}` : 'Complete sprint'}
      size="lg"
      loading={complete.isPending}
      confirmLabel="Complete sprint"
      confirmColor="brand"
      onConfirm={submit}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="complete-affected">
          {unfinished === 0
            ? 'Every item of this sprint is finished: completing closes it.'
            : `${itemCount(unfinished)} of ${sprint?.issueCount ?? 0} ${unfinished === 1 ? 'is' : 'are'} unfinished and will be affected by your choice.`}
        </Text>
        {unfinished > MAX_COMPLETION_ITEMS && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            At most {MAX_COMPLETION_ITEMS} unfinished items can be handled when completing; move or finish
            some first.
          </Alert>
        )}
        <Radio.Group
          label="Unfinished items"
          value={String(choice)}
          onChange={(value) => {
            setChoice(Number(value) as Choice);
            setTargetError(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {COMPLETION_CHOICES.map((option) => (
              <Radio
                key={option.id}
                value={String(option.id)}
                label={option.name}
                disabled={unfinished === 0}
              />
            ))}
          </Stack>
        </Radio.Group>
        {choice === ITERATION_COMPLETION_CHOICE.moveToIteration && unfinished > 0 && (
          <Select
            label="Target sprint"
            withAsterisk
            placeholder={targets.length === 0 ? 'No other open sprint' : 'Pick a sprint'}
            data={targets}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setTargetError(null);
            }}
            error={targetError}
            disabled={targets.length === 0}
            comboboxProps={COMBOBOX_PROPS}
            nothingFoundMessage="No sprint matches"
            searchable
          />
        )}
        {refusal && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="Not completed"
            data-testid="complete-refusal"
          >
            {refusal}
          </Alert>
        )}
      </Stack>
    </ConfirmModal>
  );
}
