import type { Sheet, SheetNode } from '@shared/schemas/testruns';
import { DeleteSheetModal } from './DeleteSheetModal';
import { SheetFormModal } from './SheetFormModal';

/** What the tree, the overview and a sheet's header ask for. */
export type SheetDialog =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'edit'; sheet: Sheet }
  | { kind: 'delete'; sheet: Sheet };

interface SheetDialogsProps {
  projectId: string;
  nodes: readonly SheetNode[];
  dialog: SheetDialog | null;
  onClose: () => void;
  onCreated: (sheet: Sheet) => void;
  onDeleted: (id: string) => void;
}

export function SheetDialogs({ projectId, nodes, dialog, onClose, onCreated, onDeleted }: SheetDialogsProps) {
  return (
    <>
      {/* Mounted while open only: its pickers fetch the project's sprints and members. */}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <SheetFormModal
          opened
          onClose={onClose}
          projectId={projectId}
          nodes={nodes}
          sheet={dialog?.kind === 'edit' ? dialog.sheet : null}
          parentId={dialog?.kind === 'create' ? dialog.parentId : null}
          onCreated={onCreated}
        />
      )}
      <DeleteSheetModal
        projectId={projectId}
        sheet={dialog?.kind === 'delete' ? dialog.sheet : null}
        onClose={onClose}
        onDeleted={onDeleted}
      />
    </>
  );
}
