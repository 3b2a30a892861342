import { SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TEST_RESULT, TEST_RESULTS, type TestResultId } from '@shared/domain/testing';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { NotesTextarea } from '../../../kit/FormModal/fields';
import { useBatchResult } from '../../../queries/testsheets';

interface BatchResultModalProps {
  projectId: string;
  /** The selected sheet case ids (mounted while open: each opening starts at Passed, no note). */
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}

const CHOICES = [
  ...TEST_RESULTS.filter((entry) => entry.id !== TEST_RESULT.notExecuted),
  ...TEST_RESULTS.filter((entry) => entry.id === TEST_RESULT.notExecuted),
].map((entry) => ({
  value: String(entry.id),
  label: entry.id === TEST_RESULT.notExecuted ? 'Reset' : entry.name,
}));

/** One result (and note) for every selected case: a run each, all or nothing. */
export function BatchResultModal({ projectId, ids, onClose, onDone }: BatchResultModalProps) {
  const batch = useBatchResult(projectId);
  const [result, setResult] = useState<string>(String(TEST_RESULT.passed));
  const [note, setNote] = useState('');
  const count = ids.length;

  function apply() {
    const chosen = Number(result) as TestResultId;
    batch.mutate(
      { idList: ids, result: chosen, note: note.trim() || undefined },
      {
        onSuccess: (rows) => {
          const name = TEST_RESULTS.find((entry) => entry.id === chosen)?.name.toLowerCase() ?? '';
          notifications.show({
            color: 'green',
            message:
              chosen === TEST_RESULT.notExecuted
                ? `${rows.length} ${rows.length === 1 ? 'case' : 'cases'} reset`
                : `${rows.length} ${rows.length === 1 ? 'case' : 'cases'} marked ${name}`,
          });
          onDone();
          onClose();
        },
      },
    );
  }

  return (
    <BusyModal
      opened
      busy={batch.isPending}
      onClose={onClose}
      title={`Set the result of ${count} ${count === 1 ? 'case' : 'cases'}`}
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label="Result"
          data={CHOICES}
          value={result}
          onChange={setResult}
          color={TEST_RESULTS.find((entry) => String(entry.id) === result)?.color}
        />
        <NotesTextarea
          label="Note"
          description="Recorded with each case's run"
          placeholder="Optional"
          minRows={2}
          maxRows={6}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          Each case gets a run with this result; if one of them cannot be set, none is.
        </Text>
        <ModalActions onCancel={onClose} pending={batch.isPending} label="Set result" onConfirm={apply} />
      </Stack>
    </BusyModal>
  );
}
