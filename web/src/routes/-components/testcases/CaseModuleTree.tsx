import { Alert, Stack, Text } from '@mantine/core';
import { CaseModuleBodySchema, type CaseModuleNode, type ModuleSyncResult } from '@shared/schemas/testcases';
import { IconFolderOff, IconFolders, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  caseModuleTreeQueryOptions,
  useCreateCaseModule,
  useDeleteCaseModule,
  useSyncCaseModules,
  useUpdateCaseModule,
} from '../../../queries/testcases';
import { type ModuleTreeKind, ModuleTreeView } from '../products/ModuleTree';
import { NO_MODULE, totalCases } from './case-module-tree';

export interface CaseModuleTreeProps {
  projectId: string;
  /** The module whose cases are shown (with its sub-modules'); null for all, NO_MODULE for none. */
  selectedId: string | null;
  onSelect: (moduleId: string | null) => void;
  /** Offers adding, renaming, moving and deleting modules (each also needs its permission). */
  editable?: boolean;
  /** The project has a product: offers copying its module tree ("Sync from product"). */
  hasProduct?: boolean;
}

/** A module with cases cannot be deleted: the dialog says so before the server refuses. */
function heldCases(module: CaseModuleNode): string | null {
  const holding = totalCases(module);
  if (holding === 0) return null;
  return `It holds ${holding} ${holding === 1 ? 'case' : 'cases'}: move them to another module first.`;
}

const CASE_MODULES: ModuleTreeKind<CaseModuleNode> = {
  testId: 'case-module',
  label: 'Case modules',
  groups: 'cases',
  nameSchema: CaseModuleBodySchema.pick({ name: true }),
  placeholder: 'Login',
  contents: 'sub-modules and cases',
  blockers: 'sub-modules or cases',
  deleteNote: heldCases,
  permission: 'test:case',
  entries: [
    { value: null, label: 'All cases', icon: <IconFolders size={16} />, testId: 'case-module-all' },
    { value: NO_MODULE, label: 'No module', icon: <IconFolderOff size={16} />, testId: 'case-module-none' },
  ],
};

/** Cases in a module and its sub-modules, after its name. */
function CaseCount({ module }: { module: CaseModuleNode }) {
  const count = totalCases(module);
  return (
    <Text size="xs" c="dimmed" aria-label={`${count} cases`}>
      {count}
    </Text>
  );
}

/**
 * The project's case modules as a sidebar: "All cases" and "No module" first, then the modules
 * with their case counts (sub-modules included). Arrow keys move, Enter picks. When editable: add
 * a top-level module, per module add a sub-module, rename, move and delete, and copy the
 * product's modules when the project has a product.
 */
export function CaseModuleTree({ projectId, hasProduct = false, ...picking }: CaseModuleTreeProps) {
  const { can } = useCurrentEnterprise();
  const modules = useQuery(caseModuleTreeQueryOptions(projectId));
  const mutations = {
    create: useCreateCaseModule(projectId),
    update: useUpdateCaseModule(projectId),
    remove: useDeleteCaseModule(projectId),
  };
  return (
    <ModuleTreeView
      kind={CASE_MODULES}
      modules={modules}
      mutations={mutations}
      {...picking}
      trailing={(module) => <CaseCount module={module} />}
      footer={
        hasProduct && picking.editable && can('test:case:add') && <SyncFromProduct projectId={projectId} />
      }
    />
  );
}

const syncSummary = (result: ModuleSyncResult) =>
  `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`;

/** Copies the product's module tree into the project's, and says what changed. */
function SyncFromProduct({ projectId }: { projectId: string }) {
  const sync = useSyncCaseModules(projectId);
  const [synced, setSynced] = useState<ModuleSyncResult | null>(null);

  function runSync() {
    setSynced(null);
    sync.mutate(undefined, { onSuccess: setSynced });
  }

  return (
    <Stack gap={6} mt="xs">
      <ActionButton variant="light" icon={IconRefresh} onClick={runSync} loading={sync.isPending}>
        Sync from product
      </ActionButton>
      {synced && (
        <Alert
          variant="light"
          color="green"
          p="xs"
          withCloseButton
          onClose={() => setSynced(null)}
          data-testid="module-sync-result"
        >
          <Text size="xs">Modules synced from the product: {syncSummary(synced)}.</Text>
        </Alert>
      )}
    </Stack>
  );
}
