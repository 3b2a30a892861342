import { ActionIcon, Button, Group, Input, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { MAX_CASE_STEPS } from '@shared/domain/testing';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
                  <Textarea
                    aria-label={`Step ${number}`}
                    placeholder="Step"
                    autosize
                    minRows={1}
                    maxRows={6}
                    value={row.step}
                    onChange={(event) => set(index, { step: event.currentTarget.value })}
                    error={errors[`steps.${index}.step`]}
                  />
                  <Textarea
                    aria-label={`Expected result ${number}`}
                    placeholder="Expected result"
                    autosize
                    minRows={1}
                    maxRows={6}
                    value={row.expected}
                    onChange={(event) => set(index, { expected: event.currentTarget.value })}
                    error={errors[`steps.${index}.expected`]}
                  />
                </Group>
                <Group gap={2} wrap="nowrap" pt={4}>
                  <Tooltip label="Move up">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move step ${number} up`}
                      disabled={index === 0}
                      onClick={() => onChange(move(steps, index, index - 1))}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move step ${number} down`}
                      disabled={index === steps.length - 1}
                      onClick={() => onChange(move(steps, index, index + 1))}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove step ${number}`}
                      onClick={() => onChange(steps.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => onChange([...steps, { step: '', expected: '' }])}
          >
            {full ? `${MAX_CASE_STEPS} steps at most` : 'Add step'}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
