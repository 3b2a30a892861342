import { Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRef } from '@shared/schemas/issues';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { issueQueryOptions } from '../../../queries/issues';

/**
 * The work-item drawer and create form of a project (spec section 3: open, editOpen, id,
 * pmIssueType, currentProjectId). Kept in the project layout so every tab (lists, overview, the
 * full detail page) opens items the same way and the drawer survives switching tabs.
 */
export interface WorkItemPanelState {
  /** The drawer shows item `id`. */
  open: boolean;
  /** The create form is open (for kind `pmIssueType`, under `parent` when adding a child). */
  editOpen: boolean;
  id: string | null;
  pmIssueType: IssueKind;
  currentProjectId: string;
  parent: IssueRef | null;
}

interface WorkItemPanel {
  state: WorkItemPanelState;
  openItem: (id: string, kind: IssueKind) => void;
  closeItem: () => void;
  openCreate: (kind: IssueKind, parent?: IssueRef | null) => void;
  closeCreate: () => void;
}

const WorkItemPanelContext = createContext<WorkItemPanel | null>(null);

export function useWorkItemPanel(): WorkItemPanel {
  const panel = useContext(WorkItemPanelContext);
  if (!panel) throw new Error('useWorkItemPanel must be used inside a project');
  return panel;
}

// Loaded when an item is first opened or created: the list pages stay light.
const WorkItemDetail = lazy(() => import('./WorkItemDetail').then((m) => ({ default: m.WorkItemDetail })));
const CreateWorkItemModal = lazy(() =>
  import('./CreateWorkItemModal').then((m) => ({ default: m.CreateWorkItemModal })),
);

export function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy aria-label="Loading the work item">
      <Skeleton h={28} w="70%" />
      <Group grow>
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Group>
      <Group grow>
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Group>
      <Skeleton h={120} />
    </Stack>
  );
}

function DrawerTitle({ id }: { id: string | null }) {
  const { data } = useQuery({ ...issueQueryOptions(id ?? ''), enabled: id !== null });
  if (!data) return <Text fw={600}>Loading…</Text>;
  return (
    <Text fw={650} fz="lg" lineClamp={2}>
      #{data.issueNumber} {data.title}
    </Text>
  );
}

export function WorkItemPanelProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  const [state, setState] = useState<WorkItemPanelState>({
    open: false,
    editOpen: false,
    id: null,
    pmIssueType: 1,
    currentProjectId: projectId,
    parent: null,
  });

  const openItem = useCallback(
    (id: string, kind: IssueKind) => setState((prev) => ({ ...prev, open: true, id, pmIssueType: kind })),
    [],
  );
  const closeItem = useCallback(() => setState((prev) => ({ ...prev, open: false })), []);
  const openCreate = useCallback(
    (kind: IssueKind, parent: IssueRef | null = null) =>
      setState((prev) => ({ ...prev, editOpen: true, pmIssueType: kind, parent })),
    [],
  );
  const closeCreate = useCallback(() => setState((prev) => ({ ...prev, editOpen: false, parent: null })), []);

  // Another project, or another page (say "Open full page"): the drawer does not come along.
  const pathname = useLocation({ select: (location) => location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    setState((prev) => ({ ...prev, open: false, editOpen: false, currentProjectId: projectId }));
  }, [pathname, projectId]);

  const value = useMemo(
    () => ({ state, openItem, closeItem, openCreate, closeCreate }),
    [state, openItem, closeItem, openCreate, closeCreate],
  );

  return (
    <WorkItemPanelContext.Provider value={value}>
      {children}
      <Drawer
        opened={state.open}
        onClose={closeItem}
        position="right"
        size="min(880px, 100vw)"
        title={<DrawerTitle id={state.id} />}
        padding="lg"
      >
        {state.id && (
          <Suspense fallback={<DetailSkeleton />}>
            <WorkItemDetail id={state.id} projectId={state.currentProjectId} variant="drawer" />
          </Suspense>
        )}
      </Drawer>
      {state.editOpen && (
        <Suspense fallback={null}>
          <CreateWorkItemModal
            projectId={state.currentProjectId}
            kind={state.pmIssueType}
            parent={state.parent}
            onClose={closeCreate}
          />
        </Suspense>
      )}
    </WorkItemPanelContext.Provider>
  );
}
