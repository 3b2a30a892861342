import { Box, Card, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_BATCH_SHEET_CASES, TEST_RESULTS } from '@shared/domain/testing';
import type { SheetCaseRow } from '@shared/schemas/testruns';
import { IconChecklist, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { BatchBar } from '../../../kit/BatchBar/BatchBar';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { SearchBox } from '../../../kit/FilterBar/FilterBar';
import { ListEmpty } from '../../../kit/ListEmpty/ListEmpty';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { ListBody, PanelHeading } from '../../../kit/ListPage/ListPage';
import { CardPager } from '../../../kit/ListPage/Pager';
import { usePager } from '../../../kit/ListPage/use-pager';
import { useStepBackFromEmptyPage } from '../../../kit/ListPage/use-step-back';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  type SheetCaseFilters,
  sheetCasesQueryOptions,
  useRemoveSheetCases,
} from '../../../queries/testsheets';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { BatchResultModal } from './BatchResultModal';
import { useCaseModuleOptions } from './case-module-options';
import { SheetCaseTable } from './SheetCaseTable';
import { useRememberedState } from './use-remembered-state';

const RESULT_OPTIONS = TEST_RESULTS.map((entry) => ({ value: String(entry.id), label: entry.name }));

interface SheetCasesProps {
  projectId: string;
  sheetId: string;
  onOpen: (row: SheetCaseRow) => void;
  onAddCases: () => void;
}

/** The cases of a sheet: filters, selection with batch actions, the table and its pages. */
export function SheetCases({ projectId, sheetId, onOpen, onAddCases }: SheetCasesProps) {
  const { can } = useCurrentEnterprise();
  const canExecute = can('test:sheet:execute');
  const canEdit = can('test:sheet:edit');
  const [filters, setFilters] = useRememberedState<SheetCaseFilters>(`sheet-cases:${sheetId}:filters`, {});
  const [pageNum, setPageNum] = useRememberedState(`sheet-cases:${sheetId}:page`, 1);
  const [selectedIds, setSelectedIds] = useRememberedState<string[]>(`sheet-cases:${sheetId}:selected`, []);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const [search, setSearch] = useState(filters.keyword ?? '');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [batchIds, setBatchIds] = useState<string[] | null>(null);
  const remove = useRemoveSheetCases(projectId);
  const modules = useCaseModuleOptions(projectId);
  const pager = usePager('sheet-cases', pageNum, setPageNum);

  const {
    data: page,
    isPlaceholderData,
    isError,
    refetch,
  } = useQuery(sheetCasesQueryOptions(projectId, sheetId, filters, pageNum, pager.pageSize));

  function filter(next: SheetCaseFilters) {
    setFilters(next);
    setPageNum(1);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed keyword, once it settles
  useEffect(() => {
    if ((filters.keyword ?? '') !== keyword) filter({ ...filters, keyword: keyword || undefined });
  }, [keyword]);

  useStepBackFromEmptyPage(page, pageNum, (n) => setPageNum(n ?? 1));

  function toggle(row: SheetCaseRow) {
    setSelectedIds((prev) => {
      if (prev.includes(row.id)) return prev.filter((id) => id !== row.id);
      if (prev.length >= MAX_BATCH_SHEET_CASES) {
        notifications.show({
          color: 'yellow',
          message: `At most ${MAX_BATCH_SHEET_CASES} cases can be changed at once`,
        });
        return prev;
      }
      return [...prev, row.id];
    });
  }

  function toggleAll(rows: SheetCaseRow[]) {
    setSelectedIds((prev) => {
      const ids = rows.map((row) => row.id);
      if (ids.length > 0 && ids.every((id) => prev.includes(id)))
        return prev.filter((id) => !ids.includes(id));
      return [...new Set([...prev, ...ids])].slice(0, MAX_BATCH_SHEET_CASES);
    });
  }

  const clearSelection = () => setSelectedIds([]);
  const filtered = filters.result !== undefined || filters.moduleId !== undefined || !!filters.keyword;
  const count = selectedIds.length;

  return (
    <Card p={0}>
      <PanelHeading
        title="Cases"
        small
        count={page && `${page.total} ${filtered ? 'shown' : 'in the sheet'}`}
      >
        <SearchBox
          label="Search cases"
          placeholder="Search code or title"
          value={search}
          onChange={setSearch}
          width={200}
        />
        <Select
          size="xs"
          w={150}
          placeholder="Any result"
          aria-label="Result"
          data={RESULT_OPTIONS}
          clearable
          value={filters.result === undefined ? null : String(filters.result)}
          onChange={(value) => filter({ ...filters, result: value === null ? undefined : Number(value) })}
          comboboxProps={COMBOBOX_PROPS}
        />
        <Select
          size="xs"
          w={180}
          placeholder="Any module"
          aria-label="Module"
          data={modules}
          clearable
          searchable
          nothingFoundMessage="No module matches"
          value={filters.moduleId ?? null}
          onChange={(value) => filter({ ...filters, moduleId: value ?? undefined })}
          comboboxProps={COMBOBOX_PROPS}
        />
      </PanelHeading>

      {count > 0 && (
        <Box mx="md" mb="xs">
          <BatchBar count={count} noun={['case', 'cases']} onClear={clearSelection} testId="sheet-batch-bar">
            {canExecute && (
              <ActionButton icon={IconChecklist} onClick={() => setBatchIds(selectedIds)}>
                Set result
              </ActionButton>
            )}
            {canEdit && (
              <ConfirmedAction
                trigger={(open) => (
                  <ActionButton color="red" icon={IconTrash} onClick={open}>
                    Remove from sheet
                  </ActionButton>
                )}
                title={`Remove ${count} ${count === 1 ? 'case' : 'cases'} from the sheet?`}
                confirmLabel="Remove"
                loading={remove.isPending}
                onConfirm={(close) =>
                  remove.mutate(selectedIds, {
                    onSuccess: () => {
                      notifications.show({
                        color: 'green',
                        message: `${count} ${count === 1 ? 'case' : 'cases'} removed from the sheet`,
                      });
                      clearSelection();
                      close();
                    },
                  })
                }
              >
                <Text size="sm">
                  Their results, run history and bug links in this sheet go too. The cases stay in the library
                  and the bugs stay in the project.
                </Text>
              </ConfirmedAction>
            )}
          </BatchBar>
        </Box>
      )}

      <ListBody
        what="the sheet's cases"
        query={{ isPending: !page && !isError, isError, isPlaceholderData, refetch }}
        isEmpty={!page || page.rows.length === 0}
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={{ title: 'No case matches', testId: 'sheet-cases-no-match' }}
            nothingYet={{
              icon: <IconChecklist size={28} />,
              title: 'No cases in this sheet yet',
              description: 'Add cases from the case library, then record their results here.',
              action: canEdit && <CreateButton onClick={onAddCases}>Add cases</CreateButton>,
              testId: 'sheet-cases-empty',
            }}
          />
        }
      >
        <SheetCaseTable
          projectId={projectId}
          rows={page?.rows ?? []}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onOpen={onOpen}
          canExecute={canExecute}
        />
        <CardPager page={page} noun="cases" {...pager} />
      </ListBody>

      {batchIds && (
        <BatchResultModal
          projectId={projectId}
          ids={batchIds}
          onClose={() => setBatchIds(null)}
          onDone={clearSelection}
        />
      )}
    </Card>
  );
}
