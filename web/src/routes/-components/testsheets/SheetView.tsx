import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SheetCaseRow } from '@shared/schemas/testruns';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sheetCaseIdsQueryOptions, sheetQueryOptions, useAddSheetCases } from '../../../queries/testsheets';
import { CaseSelectModal } from '../testcases/CaseSelectModal';
import { SheetCases } from './SheetCases';
import type { SheetDialog } from './SheetDialogs';
import { SheetHeader } from './SheetHeader';

interface SheetViewProps {
  projectId: string;
  sheetId: string;
  onDialog: (dialog: SheetDialog) => void;
  onOpenCase: (row: SheetCaseRow) => void;
}

/** "added 3, skipped 1" after Add cases. */
export function addedMessage({ added, skipped }: { added: number; skipped: number }): string {
  const cases = (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`;
  if (skipped === 0) return `Added ${cases(added)}`;
  return `Added ${cases(added)}, skipped ${skipped} already in the sheet`;
}

/** One sheet: its header (state, results, actions) and its cases; Add cases picks from the library. */
export function SheetView({ projectId, sheetId, onDialog, onOpenCase }: SheetViewProps) {
  const { data: sheet } = useQuery(sheetQueryOptions(projectId, sheetId));
  const [adding, setAdding] = useState(false);
  const existing = useQuery({ ...sheetCaseIdsQueryOptions(projectId, sheetId), enabled: adding });
  const add = useAddSheetCases(projectId);

  function addCases(caseIds: string[]) {
    if (caseIds.length === 0) return setAdding(false);
    add.mutate(
      { sheetId, caseIds },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: addedMessage(result) });
          setAdding(false);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      {sheet ? (
        <SheetHeader
          projectId={projectId}
          sheet={sheet}
          onDialog={onDialog}
          onAddCases={() => setAdding(true)}
        />
      ) : (
        <Skeleton h={150} radius="md" aria-label="Loading the sheet" />
      )}
      <SheetCases
        projectId={projectId}
        sheetId={sheetId}
        onOpen={onOpenCase}
        onAddCases={() => setAdding(true)}
      />
      <CaseSelectModal
        projectId={projectId}
        opened={adding}
        onClose={() => !add.isPending && setAdding(false)}
        onConfirm={addCases}
        loading={add.isPending}
        excludeIds={existing.data ?? []}
        title={sheet ? `Add cases to ${sheet.name}` : 'Add cases'}
      />
    </Stack>
  );
}
