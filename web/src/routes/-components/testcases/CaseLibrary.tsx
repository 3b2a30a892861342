import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MAX_BATCH_CASES } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import {
  IconCircleCheck,
  IconDownload,
  IconFolder,
  IconListCheck,
  IconSearch,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { ListBody, NoMatch, NothingYet } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { TreeSideLayout } from '../../../kit/ListPage/TreeSideLayout';
import { rememberPageSize } from '../../../kit/ListPage/use-page-size';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useStepBackFromEmptyPage } from '../../../kit/ListPage/use-step-back';
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
  CASE_LIST,
  type CaseSearch,
  caseListParams,
  hasCaseFilters,
  nextCaseSearch,
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
  const selection = useRowSelection<CaseRow>({
    max: MAX_SELECTION,
    noun: 'cases',
    resetKey: JSON.stringify({ moduleId, ...search, pageNum: undefined }),
  });
  // Selected rows shown again take their latest state (the batch bar reads their flags).
  // biome-ignore lint/correctness/useExhaustiveDependencies: when a page arrives
  useEffect(() => {
    if (page) selection.refresh(page.rows);
  }, [page]);

  useStepBackFromEmptyPage(page, params.pageNum, (pageNum) => nav.setSearch({ pageNum: pageNum ?? 1 }));

  const importButton = (
    <ActionButton icon={IconUpload} size="sm" onClick={() => setImporting(true)}>
      Import
    </ActionButton>
  );
  const newCaseButton = can('test:case:add') && (
    <CreateButton onClick={() => setCreating(true)}>New case</CreateButton>
  );

  return (
    <>
      <TreeSideLayout
        treeLabel="Case modules"
        treeWidth={240}
        tree={
          <CaseModuleTree
            projectId={projectId}
            selectedId={moduleId ?? null}
            onSelect={nav.selectModule}
            editable
            hasProduct={productId !== null}
          />
        }
      >
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
                  {importButton}
                  <ActionButton
                    size="sm"
                    icon={IconDownload}
                    loading={exporter.isPending}
                    disabled={nothingAtAll}
                    onClick={() => exporter.mutate(undefined)}
                  >
                    Export
                  </ActionButton>
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

          {selection.selected.size > 0 && (
            <CaseBatchBar
              projectId={projectId}
              selected={[...selection.selected.values()]}
              onClear={selection.clear}
              onDeleted={(ids) => {
                if (caseId && ids.includes(caseId)) nav.closeCase();
              }}
            />
          )}

          <Card p={0} withBorder>
            <ListBody
              what="cases"
              query={{ ...list, isError: list.isError && !page }}
              isEmpty={!page || page.rows.length === 0}
              empty={
                nothingAtAll ? (
                  <NothingYet
                    icon={<IconListCheck size={28} />}
                    title="No test cases yet"
                    description={
                      can('test:case:add')
                        ? 'Write the first case, or import a spreadsheet of cases.'
                        : 'Nobody has written a test case for this project yet.'
                    }
                    action={
                      (newCaseButton || can('test:case:import')) && (
                        <>
                          {can('test:case:import') && importButton}
                          {newCaseButton}
                        </>
                      )
                    }
                    testId="cases-empty"
                  />
                ) : (
                  <NothingShown moduleId={moduleId} search={search} />
                )
              }
            >
              <CaseTable
                rows={page?.rows ?? []}
                selection={selection}
                onOpen={(row) => nav.openCase(row.id)}
              />
            </ListBody>
          </Card>

          {page && page.total > 0 && (
            <Pager
              total={page.total}
              pageNum={params.pageNum}
              pageSize={page.pageSize}
              noun="cases"
              sizeLabel="Cases per page"
              onChange={(pageNum) => nav.setSearch({ pageNum })}
              onPageSizeChange={(pageSize) => {
                rememberPageSize(CASE_LIST, pageSize);
                nav.setSearch({ pageSize });
              }}
            />
          )}
          {selection.selected.size > MAX_BATCH_CASES && (
            <Text size="xs" c="dimmed">
              Edits, copies, confirmations and deletes take {MAX_BATCH_CASES} cases at a time; export takes
              them all.
            </Text>
          )}
        </Stack>
      </TreeSideLayout>

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
    </>
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
    <NoMatch
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
      testId="cases-empty"
    />
  );
}
