import { ActionIcon, Button, Group, Popover, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { TEST_RESULT, type TestResultId } from '@shared/domain/testing';
import type { SheetCaseRow } from '@shared/schemas/testruns';
import {
  IconBan,
  IconCheck,
  IconPlayerSkipForward,
  IconRotate,
  IconX,
  type TablerIcon,
} from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useRecordResult } from '../../../queries/testsheets';

/** The result buttons in the order testers use them. */
export const RESULT_ACTIONS: {
  result: TestResultId;
  label: string;
  verb: string;
  color: string;
  icon: TablerIcon;
  /** Failing and blocking ask what happened; the rest record at once. */
  asksNote: boolean;
}[] = [
  {
    result: TEST_RESULT.passed,
    label: 'Pass',
    verb: 'passed',
    color: 'green',
    icon: IconCheck,
    asksNote: false,
  },
  { result: TEST_RESULT.failed, label: 'Fail', verb: 'failed', color: 'red', icon: IconX, asksNote: true },
  {
    result: TEST_RESULT.blocked,
    label: 'Block',
    verb: 'blocked',
    color: 'orange',
    icon: IconBan,
    asksNote: true,
  },
  {
    result: TEST_RESULT.skipped,
    label: 'Skip',
    verb: 'skipped',
    color: 'violet',
    icon: IconPlayerSkipForward,
    asksNote: false,
  },
  {
    result: TEST_RESULT.notExecuted,
    label: 'Reset',
    verb: 'reset to not executed',
    color: 'gray',
    icon: IconRotate,
    asksNote: false,
  },
];

/** Ctrl/Cmd+Enter in a note saves it. */
function onNoteKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, save: () => void) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    save();
  }
}

/** A Fail or Block button whose popover asks for a note before recording. */
function NoteButton({
  action,
  row,
  pending,
  onRecord,
}: {
  action: (typeof RESULT_ACTIONS)[number];
  row: SheetCaseRow;
  pending: boolean;
  onRecord: (result: TestResultId, note: string, done: () => void) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState('');
  const Icon = action.icon;
  const save = () => onRecord(action.result, note, () => setOpened(false));
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-end"
      trapFocus
      withinPortal
      shadow="md"
      onOpen={() => setNote('')}
    >
      <Popover.Target>
        <Tooltip label={action.label} withinPortal>
          <ActionIcon
            variant={row.result === action.result ? 'filled' : 'subtle'}
            color={action.color}
            size="sm"
            aria-label={`${action.label} TC-${row.caseNumber}`}
            onClick={() => setOpened((open) => !open)}
          >
            <Icon size={15} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {action.label} TC-{row.caseNumber}
          </Text>
          <Textarea
            data-autofocus
            label={action.result === TEST_RESULT.failed ? 'What happened' : 'What blocks it'}
            placeholder={action.result === TEST_RESULT.failed ? 'The actual result (optional)' : 'Optional'}
            autosize
            minRows={2}
            maxRows={6}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            onKeyDown={(event) => onNoteKeyDown(event, save)}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" color={action.color} loading={pending} onClick={save}>
              {action.label}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Per-row quick results: Pass, Skip and Reset record at once; Fail and Block ask for a note. */
export function ResultActions({ projectId, row }: { projectId: string; row: SheetCaseRow }) {
  const record = useRecordResult(projectId);

  function onRecord(result: TestResultId, note: string, done?: () => void) {
    record.mutate(
      { id: row.id, body: { result, note: note.trim() || undefined, version: row.version } },
      { onSuccess: () => done?.() },
    );
  }

  return (
    // Clicks in the buttons and the note popover (a portal, but inside this tree) are not row clicks.
    <Group
      gap={2}
      wrap="nowrap"
      data-testid={`result-actions-${row.caseNumber}`}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {RESULT_ACTIONS.map((action) => {
        if (action.asksNote) {
          return (
            <NoteButton
              key={action.result}
              action={action}
              row={row}
              pending={record.isPending}
              onRecord={onRecord}
            />
          );
        }
        const Icon = action.icon;
        // Resetting a case that never ran would only add an empty run.
        const pointless = action.result === TEST_RESULT.notExecuted && row.result === TEST_RESULT.notExecuted;
        return (
          <Tooltip key={action.result} label={action.label} withinPortal>
            <ActionIcon
              variant={row.result === action.result && !pointless ? 'filled' : 'subtle'}
              color={action.color}
              size="sm"
              disabled={record.isPending || pointless}
              aria-label={`${action.label} TC-${row.caseNumber}`}
              onClick={() => onRecord(action.result, '')}
            >
              <Icon size={15} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
