import { Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRef } from '@shared/schemas/issues';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
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
 * full detail page) opens items the same way. The open item is in the URL (`?item=<id>`), so a
 * reload reopens the drawer, a copied address opens it for someone else, and Back closes it.
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

/** The search parameter that names the item in the drawer. */
export const DRAWER_ITEM_PARAM = 'item';

type SearchParams = Record<string, unknown>;

function drawerItemOf(search: SearchParams): string | null {
  const id = search[DRAWER_ITEM_PARAM];
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The drawer's item as the URL says, and the calls that open it (a new history entry) and close it. */
function useDrawerItem() {
  const navigate = useNavigate();
  const id = useLocation({ select: (location) => drawerItemOf(location.search as SearchParams) });
  const show = useCallback(
    (next: string | null) =>
      void navigate({
        to: '.',
        search: (prev: SearchParams) => {
          const { [DRAWER_ITEM_PARAM]: _open, ...rest } = prev;
          return next === null ? rest : { ...rest, [DRAWER_ITEM_PARAM]: next };
        },
        hash: (prev) => prev ?? '',
        replace: next === null,
      } as Parameters<typeof navigate>[0]),
    [navigate],
  );
  return { id, show };
}

export function WorkItemPanelProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  const drawer = useDrawerItem();
  const [forms, setState] = useState<Omit<WorkItemPanelState, 'open' | 'id'>>({
    editOpen: false,
    pmIssueType: 1,
    currentProjectId: projectId,
    parent: null,
  });
  const state: WorkItemPanelState = { ...forms, open: drawer.id !== null, id: drawer.id };

  const { show } = drawer;
  const openItem = useCallback(
    (id: string, kind: IssueKind) => {
      setState((prev) => ({ ...prev, pmIssueType: kind }));
      show(id);
    },
    [show],
  );
  const closeItem = useCallback(() => show(null), [show]);
  const openCreate = useCallback(
    (kind: IssueKind, parent: IssueRef | null = null) =>
      setState((prev) => ({ ...prev, editOpen: true, pmIssueType: kind, parent })),
    [],
  );
  const closeCreate = useCallback(() => setState((prev) => ({ ...prev, editOpen: false, parent: null })), []);

  // Another project, or another page: the create form does not come along (the drawer follows the URL).
  const pathname = useLocation({ select: (location) => location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    setState((prev) => ({ ...prev, editOpen: false, currentProjectId: projectId }));
  }, [pathname, projectId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is rebuilt from its parts each render
  const value = useMemo(
    () => ({ state, openItem, closeItem, openCreate, closeCreate }),
    [forms, drawer.id, openItem, closeItem, openCreate, closeCreate],
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
            onOpen={openItem}
          />
        </Suspense>
      )}
    </WorkItemPanelContext.Provider>
  );
}
