import {
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_SHEET_CASE_ADD } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import { IconListCheck, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ProblemAlert } from '../../../components/ProblemAlert/ProblemAlert';
import { ModalActions } from '../../../kit/FormModal/FormModal';
import { caseListQueryOptions } from '../../../queries/testcases';
import { CaseFilterBar } from './CaseFilterBar';
import { CaseModuleTree } from './CaseModuleTree';
import { CaseTable } from './CaseTable';
import { type CaseFilters, caseListParams, hasCaseFilters } from './case-search';

export interface CaseSelectModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The picked case ids, in the order they were picked. */
  onConfirm: (caseIds: string[]) => void;
  /** Cases shown but not selectable (already in the sheet). */
  excludeIds?: string[];
  title?: string;
  /** While the caller saves the pick: the confirm button spins and the dialog stays. */
  loading?: boolean;
  /** The reason shown on excluded rows. */
  excludedReason?: string;
  /** The most cases one pick may hold, and what a pick past it is told. */
  limit?: { max: number; message: string };
  /** The confirm button's wording for `count` picked cases. */
  confirmLabel?: (count: number) => string;
  /** Why the caller's save failed: shown above the buttons, the pick kept for another try. */
  error?: string | null;
}

const PAGE_SIZE = 20;

/** A sheet's add call takes at most MAX_SHEET_CASE_ADD cases. */
const SHEET_LIMIT = {
  max: MAX_SHEET_CASE_ADD,
  message: `At most ${MAX_SHEET_CASE_ADD} cases can be added at once`,
};

const addLabel = (count: number) => (count === 1 ? 'Add 1 case' : `Add ${count} cases`);

/**
 * Picks cases of a project's library (for a test sheet, or to link to a work item): the module
 * tree, search and filters, a table with checkboxes, "select all on this page", and a count of
 * what is picked across pages and filters. At most `limit.max` cases (by default
 * MAX_SHEET_CASE_ADD, the most one sheet add call takes).
 */
export function CaseSelectModal({
  projectId,
  opened,
  onClose,
  onConfirm,
  excludeIds,
  title = 'Add cases',
  loading = false,
  excludedReason = 'Already in the sheet',
  limit = SHEET_LIMIT,
  confirmLabel = addLabel,
  error = null,
}: CaseSelectModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [filters, setFilters] = useState<CaseFilters>({});
  const [pageNum, setPageNum] = useState(1);
  // Kept in pick order: the sheet lists cases in the order they were added.
  const [selected, setSelected] = useState<Map<string, CaseRow>>(new Map());

  // Each opening starts afresh.
  useEffect(() => {
    if (!opened) return;
    setModuleId(null);
    setFilters({});
    setPageNum(1);
    setSelected(new Map());
  }, [opened]);

  const params = caseListParams(projectId, moduleId ?? undefined, {
    ...filters,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const list = useQuery({ ...caseListQueryOptions(params), enabled: opened });
  const page = list.data;
  const excluded = useMemo(
    () => ({ ids: new Set(excludeIds ?? []), reason: excludedReason }),
    [excludeIds, excludedReason],
  );

  function refuseMore() {
    notifications.show({ color: 'yellow', message: limit.message });
  }

  function toggle(row: CaseRow) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else if (next.size >= limit.max) refuseMore();
      else next.set(row.id, row);
      return next;
    });
  }

  /** Every selectable row of the page is picked, or, when they all were, none of them. */
  function toggleAll(rows: CaseRow[]) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (rows.every((row) => next.has(row.id))) {
        for (const row of rows) next.delete(row.id);
        return next;
      }
      for (const row of rows) {
        if (next.has(row.id)) continue;
        if (next.size >= limit.max) {
          refuseMore();
          break;
        }
        next.set(row.id, row);
      }
      return next;
    });
  }

  const selectable = page?.rows.filter((row) => !excluded.ids.has(row.id)) ?? [];
  const pageAllPicked = selectable.length > 0 && selectable.every((row) => selected.has(row.id));
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const count = selected.size;

  return (
    <Modal
      opened={opened}
      onClose={() => !loading && onClose()}
      title={title}
      size="min(1200px, 96vw)"
      fullScreen={narrow}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Paper withBorder p="xs" w={narrow ? '100%' : 220} style={{ flexShrink: 0 }} aria-label="Modules">
            <ScrollArea.Autosize mah={narrow ? 200 : 520}>
              <CaseModuleTree
                projectId={projectId}
                selectedId={moduleId}
                onSelect={(id) => {
                  setModuleId(id);
                  setPageNum(1);
                }}
              />
            </ScrollArea.Autosize>
          </Paper>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <CaseFilterBar
              filters={filters}
              onChange={(change) => {
                setFilters((prev) => ({ ...prev, ...change }));
                setPageNum(1);
              }}
            />
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => toggleAll(selectable)}
                  disabled={selectable.length === 0}
                >
                  {pageAllPicked ? 'Unselect this page' : 'Select all on this page'}
                </Button>
                {count > 0 && (
                  <Button variant="subtle" color="gray" size="xs" onClick={() => setSelected(new Map())}>
                    Clear selection
                  </Button>
                )}
              </Group>
              <Text size="sm" c={count > 0 ? undefined : 'dimmed'} data-testid="case-select-count">
                {count === 0 ? 'No case selected' : `${count} selected${pages > 1 ? ' across pages' : ''}`}
              </Text>
            </Group>
            <Card withBorder p={0}>
              {list.isPending ? (
                <Stack gap="sm" p="md" aria-busy aria-label="Loading cases">
                  {[0, 1, 2, 3, 4].map((key) => (
                    <Skeleton key={key} h={30} />
                  ))}
                </Stack>
              ) : page && page.rows.length > 0 ? (
                <Box
                  style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                  aria-busy={list.isPlaceholderData}
                >
                  {/* The rows scroll inside, so the paging and the confirm button stay in view. */}
                  <ScrollArea.Autosize mah={narrow ? undefined : 'calc(100dvh - 340px)'} type="auto">
                    <CaseTable
                      rows={page.rows}
                      selection={{ selected: new Set(selected.keys()), toggle, toggleAll }}
                      disabled={excluded}
                      compact
                    />
                  </ScrollArea.Autosize>
                </Box>
              ) : (
                <EmptyState
                  py={40}
                  icon={hasCaseFilters(filters) ? <IconSearch size={26} /> : <IconListCheck size={26} />}
                  title={
                    hasCaseFilters(filters)
                      ? 'No case matches'
                      : moduleId
                        ? 'No cases in this module'
                        : 'The case library is empty'
                  }
                  description={
                    hasCaseFilters(filters)
                      ? 'Change or clear the filters to see more.'
                      : moduleId
                        ? 'Pick another module, or all cases.'
                        : 'Write cases in the case library first.'
                  }
                  data-testid="case-select-empty"
                />
              )}
            </Card>
            {page && pages > 1 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {page.total} cases
                </Text>
                <Pagination total={pages} value={pageNum} onChange={setPageNum} aria-label="Pages of cases" />
              </Group>
            )}
          </Stack>
        </Group>
        {error && <ProblemAlert testId="case-select-error">{error}</ProblemAlert>}
        <ModalActions
          onCancel={onClose}
          pending={loading}
          label={confirmLabel(count)}
          onConfirm={() => onConfirm([...selected.keys()])}
          disabled={count === 0}
        />
      </Stack>
    </Modal>
  );
}
