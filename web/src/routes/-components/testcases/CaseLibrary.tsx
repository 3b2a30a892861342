import {
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MAX_BATCH_CASES } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import {
  IconCircleCheck,
  IconDownload,
  IconFolder,
  IconListCheck,
  IconPlus,
  IconSearch,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectQueryOptions } from '../../../queries/projects';
import {
  caseListQueryOptions,
  needsConfirmationCountQueryOptions,
  useDownloadCases,
} from '../../../queries/testcases';
import { CaseBatchBar } from './CaseBatchBar';
import { CaseDrawer } from './CaseDrawer';
import { CaseFilterBar } from './CaseFilterBar';
import { CaseModuleTree } from './CaseModuleTree';
import { CaseTable } from './CaseTable';
import { NO_MODULE } from './case-module-tree';
import {
  type CaseSearch,
  caseListParams,
  hasCaseFilters,
  nextCaseSearch,
  PAGE_SIZES,
  validateCaseSearch,
} from './case-search';
import { ImportCasesModal } from './ImportCasesModal';
import { NewCaseDrawer } from './NewCaseDrawer';

interface CaseLibraryProps {
  projectId: string;
  /** The module picked in the tree (with its sub-modules); NO_MODULE for cases without one. */
  moduleId?: string;
  /** The case open in the drawer. */
  caseId?: string;
}

/** The most cases one export of a selection takes (partDownload). */
const MAX_SELECTION = 2000;

const LIST = '/$identifier/projects/$projectId/test/$testType' as const;
const MODULE_LIST = '/$identifier/projects/$projectId/test/$testType/$menuId' as const;
const CASE = '/$identifier/projects/$projectId/test/$testType/caseDetail/$caseId' as const;
const MODULE_CASE = '/$identifier/projects/$projectId/test/$testType/$menuId/caseDetail/$caseId' as const;

/** Moves around the library keeping its filters in the URL: modules, pages, the drawer. */
function useLibraryNavigation(projectId: string, moduleId: string | undefined) {
  const { enterprise } = useCurrentEnterprise();
  const navigate = useNavigate();
  const base = { identifier: enterprise.enterpriseIdentifier, projectId, testType: 'case' };
  const list = (menuId: string | undefined) =>
    menuId
      ? ({ to: MODULE_LIST, params: { ...base, menuId } } as const)
      : ({ to: LIST, params: base } as const);
  return {
    setSearch: (change: Partial<CaseSearch>) =>
      void navigate({
        ...list(moduleId),
        search: (prev: Record<string, unknown>) => nextCaseSearch(validateCaseSearch(prev), change),
        // Paging is history worth going back through; each keystroke of a filter is not.
        replace: !('pageNum' in change && Object.keys(change).length === 1),
      }),
    selectModule: (menuId: string | null) =>
      void navigate({
        ...list(menuId ?? undefined),
        search: (prev: Record<string, unknown>) => ({ ...validateCaseSearch(prev), pageNum: undefined }),
      }),
    openCase: (caseId: string) =>
      void navigate(
        moduleId
          ? { to: MODULE_CASE, params: { ...base, menuId: moduleId, caseId }, search: true }
          : { to: CASE, params: { ...base, caseId }, search: true },
      ),
    closeCase: () => void navigate({ ...list(moduleId), search: true }),
  };
}

/**
 * The project's case library: the module tree on the left; on the right the toolbar (search,
 * filters, new, import, export), the batch bar for a selection, the case table with paging, and
 * the case drawer at `…/caseDetail/{id}`.
 */
export function CaseLibrary({ projectId, moduleId, caseId }: CaseLibraryProps) {
  const { can } = useCurrentEnterprise();
  const project = useQuery(projectQueryOptions(projectId)).data;
  useDocumentTitle(project ? `Case library · ${project.name}` : 'Case library');
  const search = validateCaseSearch(useSearch({ strict: false }));
  const nav = useLibraryNavigation(projectId, moduleId);
  const params = caseListParams(projectId, moduleId, search);
  const list = useQuery(caseListQueryOptions(params));
  const confirmCount = useQuery(needsConfirmationCountQueryOptions(projectId)).data;
  const exporter = useDownloadCases(projectId);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const productId = project?.pmsProduct ? project.productId : null;
  const page = list.data;
  const filtered = hasCaseFilters(search);
  const nothingAtAll = page !== undefined && page.total === 0 && !filtered && !moduleId;

  // The selection spans pages; new filters or another module start over.
  const [selected, setSelected] = useState<Map<string, CaseRow>>(new Map());
  const selectionKey = JSON.stringify({ moduleId, ...search, pageNum: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the filters or the module change
  useEffect(() => setSelected(new Map()), [selectionKey]);

  // Selected rows shown again take their latest state (the batch bar reads their flags).
  useEffect(() => {
    if (!page) return;
    setSelected((prev) => {
      const fresh = page.rows.filter((row) => prev.has(row.id) && prev.get(row.id) !== row);
      if (fresh.length === 0) return prev;
      const next = new Map(prev);
      for (const row of fresh) next.set(row.id, row);
      return next;
    });
  }, [page]);

  // Deleting the last rows of the last page leaves it empty: show the page before it instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an answer arrives
  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && params.pageNum > 1) {
      nav.setSearch({ pageNum: Math.max(1, Math.ceil(page.total / page.pageSize)) });
    }
  }, [page]);

  function toggle(row: CaseRow) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else if (next.size < MAX_SELECTION) next.set(row.id, row);
      return next;
    });
  }
  function toggleAll(rows: CaseRow[]) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (rows.every((row) => next.has(row.id))) for (const row of rows) next.delete(row.id);
      else for (const row of rows) if (next.size < MAX_SELECTION) next.set(row.id, row);
      return next;
    });
  }

  const newCaseButton = can('test:case:add') && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New case
    </Button>
  );

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Paper
        withBorder
        p="xs"
        w={{ base: '100%', md: 240 }}
        style={{ flexShrink: 0 }}
        aria-label="Case modules"
      >
        <CaseModuleTree
          projectId={projectId}
          selectedId={moduleId ?? null}
          onSelect={nav.selectModule}
          editable
          hasProduct={productId !== null}
        />
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }} miw={{ base: '100%', md: 0 }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="xs" align="baseline">
              <Title order={2} fz="lg">
                Case library
              </Title>
              {page && !filtered && !moduleId && (
                <Text c="dimmed" size="sm">
                  {page.total} in total
                </Text>
              )}
            </Group>
            <Group gap="xs">
              {can('test:case:import') && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    onClick={() => setImporting(true)}
                  >
                    Import
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} />}
                    loading={exporter.isPending}
                    disabled={nothingAtAll}
                    onClick={() => exporter.mutate(undefined)}
                  >
                    Export
                  </Button>
                </>
              )}
              {newCaseButton}
            </Group>
          </Group>

          {!nothingAtAll && (
            <CaseFilterBar
              filters={search}
              onChange={(change) => nav.setSearch(change)}
              confirmCount={confirmCount}
            />
          )}

          {selected.size > 0 && (
            <CaseBatchBar
              projectId={projectId}
              selected={[...selected.values()]}
              onClear={() => setSelected(new Map())}
              onDeleted={(ids) => {
                if (caseId && ids.includes(caseId)) nav.closeCase();
              }}
            />
          )}

          <Card p={0} withBorder>
            {list.isPending ? (
              <Stack gap="sm" p="md" aria-busy aria-label="Loading cases">
                {[0, 1, 2, 3, 4].map((key) => (
                  <Skeleton key={key} h={32} />
                ))}
              </Stack>
            ) : list.isError && !page ? (
              <EmptyState
                py={48}
                title="The cases could not be loaded"
                description="Check your connection and try again."
              >
                <EmptyState.Actions>
                  <Button variant="default" onClick={() => void list.refetch()}>
                    Try again
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            ) : page && page.rows.length > 0 ? (
              <Box
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                aria-busy={list.isPlaceholderData}
              >
                <CaseTable
                  rows={page.rows}
                  selection={{ selected: new Set(selected.keys()), toggle, toggleAll }}
                  onOpen={(row) => nav.openCase(row.id)}
                />
              </Box>
            ) : nothingAtAll ? (
              <EmptyState
                py={56}
                variant="light"
                icon={<IconListCheck size={28} />}
                title="No test cases yet"
                description={
                  can('test:case:add')
                    ? 'Write the first case, or import a spreadsheet of cases.'
                    : 'Nobody has written a test case for this project yet.'
                }
                data-testid="cases-empty"
              >
                {(newCaseButton || can('test:case:import')) && (
                  <EmptyState.Actions>
                    {can('test:case:import') && (
                      <Button
                        variant="default"
                        leftSection={<IconUpload size={16} />}
                        onClick={() => setImporting(true)}
                      >
                        Import
                      </Button>
                    )}
                    {newCaseButton}
                  </EmptyState.Actions>
                )}
              </EmptyState>
            ) : (
              <NothingShown moduleId={moduleId} search={search} />
            )}
          </Card>

          {page && page.total > 0 && (
            <Group justify="space-between" gap="sm">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {rangeText(params.pageNum, page.pageSize, page.total)}
                </Text>
                <Select
                  aria-label="Cases per page"
                  size="xs"
                  w={110}
                  data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }))}
                  value={String(params.pageSize)}
                  onChange={(value) => value && nav.setSearch({ pageSize: Number(value) })}
                  allowDeselect={false}
                />
              </Group>
              {page.total > page.pageSize && (
                <Pagination
                  total={Math.ceil(page.total / page.pageSize)}
                  value={params.pageNum}
                  onChange={(pageNum) => nav.setSearch({ pageNum })}
                  aria-label="Pages of cases"
                />
              )}
            </Group>
          )}
          {selected.size > MAX_BATCH_CASES && (
            <Text size="xs" c="dimmed">
              Edits, copies, confirmations and deletes take {MAX_BATCH_CASES} cases at a time; export takes
              them all.
            </Text>
          )}
        </Stack>
      </Box>

      {caseId && (
        <CaseDrawer projectId={projectId} productId={productId} caseId={caseId} onClose={nav.closeCase} />
      )}
      <NewCaseDrawer
        projectId={projectId}
        productId={productId}
        moduleId={moduleId && moduleId !== NO_MODULE ? moduleId : null}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          nav.openCase(id);
        }}
      />
      <ImportCasesModal projectId={projectId} opened={importing} onClose={() => setImporting(false)} />
    </Group>
  );
}

/** The empty list when the library has cases but none shows: filters, the flag or the module. */
function NothingShown({ moduleId, search }: { moduleId: string | undefined; search: CaseSearch }) {
  const onlyFlag = search.needsConfirmation && !hasCaseFilters({ ...search, needsConfirmation: undefined });
  const [title, description] = onlyFlag
    ? ['No case needs confirmation', 'Every case here is confirmed against the specs it covers.']
    : hasCaseFilters(search)
      ? ['No case matches', 'Change or clear the filters to see more.']
      : moduleId === NO_MODULE
        ? ['Every case has a module', 'Pick a module, or all cases.']
        : ['No cases in this module', 'Pick another module, or all cases.'];
  return (
    <EmptyState
      py={56}
      icon={
        onlyFlag ? (
          <IconCircleCheck size={28} />
        ) : hasCaseFilters(search) ? (
          <IconSearch size={28} />
        ) : (
          <IconFolder size={28} />
        )
      }
      title={title}
      description={description}
      data-testid="cases-empty"
    />
  );
}

function rangeText(pageNum: number, pageSize: number, total: number): string {
  const first = (pageNum - 1) * pageSize + 1;
  const last = Math.min(total, pageNum * pageSize);
  return `${first}–${last} of ${total} ${total === 1 ? 'case' : 'cases'}`;
}
