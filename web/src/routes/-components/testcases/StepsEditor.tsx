import { Group, Input, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_CASE_STEPS } from '@shared/domain/testing';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { RowAction } from '../../../kit/ListTable/RowActions';

export interface StepRow {
  step: string;
  expected: string;
}

interface StepsEditorProps {
  steps: StepRow[];
  onChange: (steps: StepRow[]) => void;
  /** Errors by Mantine path (`steps.2.step`), from the form. */
  errors: Record<string, ReactNode>;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** The two texts of a step, side by side. */
const STEP_FIELDS = [
  { key: 'step', label: 'Step' },
  { key: 'expected', label: 'Expected result' },
] as const;

/** A step moves one place up or down (not past either end). */
const STEP_MOVES = [
  { way: 'up', icon: IconArrowUp, by: -1 },
  { way: 'down', icon: IconArrowDown, by: 1 },
] as const;

/** The numbered steps of a case, each with its expected result: add, remove and reorder rows. */
export function StepsEditor({ steps, onChange, errors }: StepsEditorProps) {
  const full = steps.length >= MAX_CASE_STEPS;
  const set = (index: number, change: Partial<StepRow>) =>
    onChange(steps.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const listError = errors.steps;

  return (
    <Input.Wrapper
      label="Steps"
      description="What the tester does, and what should happen. Rows left blank are not saved."
      error={listError}
    >
      <Stack gap="xs" mt={6} data-testid="steps-editor">
        {steps.length === 0 && (
          <Text size="sm" c="dimmed">
            No steps yet.
          </Text>
        )}
        {steps.map((row, index) => {
          const number = index + 1;
          return (
            // Rows have no identity of their own: reordering rewrites their contents in place.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the step number
            <Paper key={index} withBorder p="xs" data-testid={`step-${number}`}>
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} c="dimmed" w={22} pt={6} ta="right">
                  {number}.
                </Text>
                <Group grow align="flex-start" gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  {STEP_FIELDS.map((field) => (
                    <Textarea
                      key={field.key}
                      aria-label={`${field.label} ${number}`}
                      placeholder={field.label}
                      autosize
                      minRows={1}
                      maxRows={6}
                      value={row[field.key]}
                      onChange={(event) => set(index, { [field.key]: event.currentTarget.value })}
                      error={errors[`steps.${index}.${field.key}`]}
                    />
                  ))}
                </Group>
                <Group gap={2} wrap="nowrap" pt={4}>
                  {STEP_MOVES.map(({ way, icon: Icon, by }) => (
                    <RowAction
                      key={way}
                      tooltip={`Move ${way}`}
                      label={`Move step ${number} ${way}`}
                      icon={<Icon size={16} />}
                      disabled={index + by < 0 || index + by >= steps.length}
                      onClick={() => onChange(move(steps, index, index + by))}
                    />
                  ))}
                  <RowAction
                    tooltip="Remove"
                    label={`Remove step ${number}`}
                    icon={<IconTrash size={16} />}
                    color="red"
                    onClick={() => onChange(steps.filter((_, i) => i !== index))}
                  />
                </Group>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <ActionButton
            variant="light"
            icon={IconPlus}
            disabled={full}
            onClick={() => onChange([...steps, { step: '', expected: '' }])}
          >
            {full ? `${MAX_CASE_STEPS} steps at most` : 'Add step'}
          </ActionButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
