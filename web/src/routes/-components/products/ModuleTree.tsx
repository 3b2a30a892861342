import { ActionIcon, type RenderTreeNodePayload, Stack, Tooltip } from '@mantine/core';
import { ModuleBodySchema, type ProductModuleNode } from '@shared/schemas/products';
import { IconArrowsMove, IconFolders, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  addChildEntry,
  deleteEntry,
  SidebarTreeBody,
  SidebarTreeHeading,
  TreeFixedEntry,
  TreeMenuItems,
  useSidebarTree,
  useTreeRights,
} from '../../../components/SidebarTree/SidebarTree';
import { TreeRow } from '../../../components/SidebarTree/TreeRow';
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
import { ancestorIds, canAddChild, type FlatModule, findModule } from './module-tree';

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
  entries: readonly ModuleTreeEntry[];
}

/** A fixed entry above the modules: all of them, or none. */
export interface ModuleTreeEntry {
  value: string | null;
  label: string;
  icon: ReactNode;
  testId: string;
}

/** What the user may do to the modules (the tree being editable and each permission held). */
export interface ModuleRights {
  add: boolean;
  edit: boolean;
  remove: boolean;
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
  const rights = useTreeRights(kind.permission, editable);
  const withMenu = rights.add || rights.edit || rights.remove;
  const nodes = modules.data ?? [];
  const { data, tree, pick } = useSidebarTree(modules.data, selectedId, onSelect, ancestorIds);
  const [dialog, setDialog] = useState<ModuleDialog<N> | null>(null);

  function renderNode(payload: RenderTreeNodePayload) {
    const entry = findModule(nodes, payload.node.value);
    return (
      <TreeRow
        payload={payload}
        selected={payload.node.value === selectedId}
        onPick={pick}
        testId={`${kind.testId}-${payload.node.value}`}
        trailing={entry && trailing?.(entry.module)}
        menu={
          withMenu &&
          entry && (
            <ModuleMenuItems entry={entry} level={payload.level} rights={rights} onDialog={setDialog} />
          )
        }
      />
    );
  }

  function onDeleted(id: string) {
    // The list cannot keep showing a module that is gone.
    if (selectedId === id || (selectedId && ancestorIds(nodes, selectedId).includes(id))) onSelect(null);
  }

  return (
    <Stack gap={4} data-testid={`${kind.testId}-tree`}>
      <SidebarTreeHeading
        title="Modules"
        action={
          rights.add && (
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
      />
      {kind.entries.map((entry) => (
        <TreeFixedEntry
          key={entry.testId}
          icon={entry.icon}
          label={entry.label}
          selected={selectedId === entry.value}
          onClick={() => pick(entry.value)}
          testId={entry.testId}
        />
      ))}
      <SidebarTreeBody
        data={data}
        tree={tree}
        loading={modules.isPending}
        failed={modules.isError}
        label={kind.label}
        items="modules"
        emptyText={rights.add ? `No modules yet. Add one to group ${kind.groups}.` : 'No modules yet.'}
        renderNode={renderNode}
        onPick={pick}
      />
      {footer}
      <ModuleDialogs
        kind={kind}
        mutations={mutations}
        nodes={nodes}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onAdded={(parent) => parent && tree.expand(parent.module.id)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}

/** A module's menu: add a sub-module (while the depth allows), rename, move and delete. */
function ModuleMenuItems<N extends EditableModule<N>>({
  entry,
  level,
  rights,
  onDialog,
}: {
  entry: FlatModule<N>;
  level: number;
  rights: ModuleRights;
  onDialog: (dialog: ModuleDialog<N>) => void;
}) {
  return (
    <TreeMenuItems
      entries={[
        addChildEntry('Add sub-module', canAddChild(level), rights.add, () =>
          onDialog({ kind: 'add', parent: entry }),
        ),
        {
          label: 'Rename',
          icon: <IconPencil size={16} />,
          allowed: rights.edit,
          onClick: () => onDialog({ kind: 'rename', module: entry }),
        },
        {
          label: 'Move to…',
          icon: <IconArrowsMove size={16} />,
          allowed: rights.edit,
          onClick: () => onDialog({ kind: 'move', module: entry }),
        },
        deleteEntry(rights.remove, () => onDialog({ kind: 'delete', module: entry })),
      ]}
    />
  );
}
