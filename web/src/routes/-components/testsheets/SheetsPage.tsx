import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { TreeSideLayout } from '../../../kit/ListPage/TreeSideLayout';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { sheetQueryOptions, sheetTreeQueryOptions } from '../../../queries/testsheets';
import { useOpenTestMenu } from '../testcases/use-test-menu';
import { SheetCaseDrawer } from './SheetCaseDrawer';
import { type SheetDialog, SheetDialogs } from './SheetDialogs';
import { SheetOverview } from './SheetOverview';
import { SheetTree } from './SheetTree';
import { SheetView } from './SheetView';
import { sheetAncestorIds } from './sheet-tree';

interface SheetsPageProps {
  projectId: string;
  /** The sheet shown; absent for the overview of all sheets. */
  menuId?: string;
  /** The sheet case open in the drawer. */
  caseId?: string;
}

const TEST_TYPE = 'sheet';

/**
 * Test sheets (`/test/sheet`, `/test/sheet/{sheetId}` and `.../caseDetail/{id}`): the sheet tree
 * on the left; on the right the overview of every sheet, or one sheet with its cases; a sheet case
 * in a drawer over it.
 */
export function SheetsPage({ projectId, menuId, caseId }: SheetsPageProps) {
  const { enterprise } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const navigate = useNavigate();
  const tree = useQuery(sheetTreeQueryOptions(projectId));
  const sheet = useQuery({ ...sheetQueryOptions(projectId, menuId ?? ''), enabled: menuId !== undefined });
  const [dialog, setDialog] = useState<SheetDialog | null>(null);
  const nodes = tree.data ?? [];
  useDocumentTitle(menuId && sheet.data ? `${sheet.data.name} · Test sheets` : 'Test sheets');

  const openSheet = useOpenTestMenu(projectId, TEST_TYPE);

  const openCase = (sheetCaseId: string) => {
    if (!menuId) return;
    void navigate({
      to: '/$identifier/projects/$projectId/test/$testType/$menuId/caseDetail/$caseId',
      params: { identifier, projectId, testType: TEST_TYPE, menuId, caseId: sheetCaseId },
    });
  };

  function onDeleted(id: string) {
    // The page cannot keep showing a sheet that is gone (or sat under the one deleted).
    if (menuId && (menuId === id || sheetAncestorIds(nodes, menuId).includes(id))) openSheet(null);
  }

  return (
    <>
      <TreeSideLayout
        treeLabel="Test sheets"
        treeWidth={250}
        tree={
          <SheetTree
            nodes={nodes}
            loading={tree.isPending}
            failed={tree.isError}
            selectedId={menuId ?? null}
            onSelect={openSheet}
            onDialog={setDialog}
          />
        }
      >
        {menuId ? (
          <SheetView
            projectId={projectId}
            sheetId={menuId}
            onDialog={setDialog}
            onOpenCase={(row) => openCase(row.id)}
          />
        ) : (
          <SheetOverview
            projectId={projectId}
            onOpen={(row) => openSheet(row.id)}
            onCreate={() => setDialog({ kind: 'create', parentId: null })}
          />
        )}
      </TreeSideLayout>
      {menuId && caseId && (
        <SheetCaseDrawer projectId={projectId} sheetCaseId={caseId} onClose={() => openSheet(menuId)} />
      )}
      <SheetDialogs
        projectId={projectId}
        nodes={nodes}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onCreated={(created) => openSheet(created.id)}
        onDeleted={onDeleted}
      />
    </>
  );
}
