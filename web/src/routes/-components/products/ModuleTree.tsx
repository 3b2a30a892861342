import { ActionIcon, Tooltip } from '@mantine/core';
import { ModuleBodySchema, type ProductModuleNode } from '@shared/schemas/products';
import { IconArrowsMove, IconFolders, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  SidebarTree,
  type SidebarTreeEntry,
  useSidebarTree,
} from '../../../components/SidebarTree/SidebarTree';
import {
  moduleTreeQueryOptions,
  useCreateModule,
  useDeleteModule,
  useUpdateModule,
} from '../../../queries/products';
import {
  type EditableModule,
  type ModuleDialog,
  ModuleDialogs,
  type ModuleKind,
  type ModuleMutations,
} from './ModuleDialogs';
import { ancestorIds, canAddChild, findModule } from './module-tree';

export interface ModuleTreeProps {
  productId: string;
  /** The module whose items are shown; null for all modules. */
  selectedId: string | null;
  onSelect: (moduleId: string | null) => void;
  /** Offers adding, renaming, moving and deleting modules (each also needs its permission). */
  editable?: boolean;
}

const PRODUCT_MODULES: ModuleTreeKind<ProductModuleNode> = {
  testId: 'module',
  label: 'Modules',
  permission: 'product:module',
  entries: [{ value: null, label: 'All modules', icon: <IconFolders size={16} />, testId: 'module-all' }],
  groups: 'requirements',
  nameSchema: ModuleBodySchema.pick({ name: true }),
  placeholder: 'Checkout',
  contents: 'sub-modules, requirements and specs',
  blockers: 'sub-modules, requirements or specs',
};

/**
 * The product's module tree as a sidebar: "All modules" first, then the modules (arrow keys move,
 * Enter picks). When editable: add a top-level module, and per module add a sub-module, rename,
 * move and delete.
 */
export function ModuleTree({ productId, ...picking }: ModuleTreeProps) {
  const modules = useQuery(moduleTreeQueryOptions(productId));
  const mutations = {
    create: useCreateModule(productId),
    update: useUpdateModule(productId),
    remove: useDeleteModule(productId),
  };
  return <ModuleTreeView kind={PRODUCT_MODULES} modules={modules} mutations={mutations} {...picking} />;
}

/** What sets one module tree apart: its test ids and names, and its kind's wording in the dialogs. */
export interface ModuleTreeKind<N> extends ModuleKind<N> {
  /** Prefix of the test ids: `${testId}-tree` for the whole, `${testId}-${id}` for a module. */
  testId: string;
  /** The tree's accessible name. */
  label: string;
  /** What modules group, for the empty tree's hint ("requirements"). */
  groups: string;
  /** Permissions of the modules' writes: `${permission}:add`, `:edit`, `:remove`. */
  permission: string;
  /** Fixed entries above the modules: all of them, or none. */
  entries: readonly SidebarTreeEntry[];
}

interface ModuleTreeViewProps<N extends EditableModule<N>> {
  kind: ModuleTreeKind<N>;
  /** The tree query's state. */
  modules: { data?: N[]; isPending: boolean; isError: boolean };
  mutations: ModuleMutations;
  /** Offers adding, renaming, moving and deleting modules (each also needs its permission). */
  editable?: boolean;
  selectedId: string | null;
  onSelect: (moduleId: string | null) => void;
  /** After a module's name (its case count). */
  trailing?: (module: N) => ReactNode;
  /** Under the tree (copying the product's modules). */
  footer?: ReactNode;
}

/**
 * Any module tree as a sidebar: the fixed entries, then the modules (arrow keys move, Enter
 * picks), each with a menu for what the user may do to them, and the dialogs those open.
 */
export function ModuleTreeView<N extends EditableModule<N>>({
  kind,
  modules,
  mutations,
  editable = false,
  selectedId,
  onSelect,
  trailing,
  footer,
}: ModuleTreeViewProps<N>) {
  const nodes = modules.data ?? [];
  const state = useSidebarTree({
    nodes: modules.data,
    selectedId,
    onSelect,
    ancestorsOf: ancestorIds,
    permission: kind.permission,
    editable,
  });
  const [dialog, setDialog] = useState<ModuleDialog<N> | null>(null);

  function onDeleted(id: string) {
    // The list cannot keep showing a module that is gone.
    if (selectedId === id || (selectedId && ancestorIds(nodes, selectedId).includes(id))) onSelect(null);
  }

  return (
    <SidebarTree
      state={state}
      testId={`${kind.testId}-tree`}
      title="Modules"
      action={
        state.rights.add && (
          <Tooltip label="Add a top-level module">
            <ActionIcon
              variant="subtle"
              color="gray"
              size={26}
              aria-label="Add module"
              onClick={() => setDialog({ kind: 'add', parent: null })}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )
      }
      entries={kind.entries}
      loading={modules.isPending}
      failed={modules.isError}
      label={kind.label}
      items="modules"
      emptyText={state.rights.add ? `No modules yet. Add one to group ${kind.groups}.` : 'No modules yet.'}
      find={(id) => findModule(nodes, id)}
      rowTestId={(id) => `${kind.testId}-${id}`}
      trailing={trailing && ((entry) => trailing(entry.module))}
      menu={(entry, level) => ({
        addChild: {
          label: 'Add sub-module',
          canAdd: canAddChild(level),
          onClick: () => setDialog({ kind: 'add', parent: entry }),
        },
        edits: [
          {
            label: 'Rename',
            icon: <IconPencil size={16} />,
            onClick: () => setDialog({ kind: 'rename', module: entry }),
          },
          {
            label: 'Move to…',
            icon: <IconArrowsMove size={16} />,
            onClick: () => setDialog({ kind: 'move', module: entry }),
          },
        ],
        onDelete: () => setDialog({ kind: 'delete', module: entry }),
      })}
    >
      {footer}
      <ModuleDialogs
        kind={kind}
        mutations={mutations}
        nodes={nodes}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onAdded={(parent) => parent && state.tree.expand(parent.module.id)}
        onDeleted={onDeleted}
      />
    </SidebarTree>
  );
}
