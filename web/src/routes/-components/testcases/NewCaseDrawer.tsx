import { Drawer, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { caseCode } from '@shared/domain/testing';
import { useCreateCase } from '../../../queries/testcases';
import { CaseForm } from './CaseForm';
import { emptyCaseValues } from './case-form';

interface NewCaseDrawerProps {
  projectId: string;
  productId: string | null;
  /** The module the library shows: the new case goes there unless changed. */
  moduleId: string | null;
  opened: boolean;
  onClose: () => void;
  /** The new case's id, to open it. */
  onCreated: (id: string) => void;
}

/** "New case": the case form in a drawer; mounted only while open, so each opening starts blank. */
export function NewCaseDrawer({
  projectId,
  productId,
  moduleId,
  opened,
  onClose,
  onCreated,
}: NewCaseDrawerProps) {
  const create = useCreateCase(projectId);
  return (
    <Drawer
      opened={opened}
      onClose={() => !create.isPending && onClose()}
      position="right"
      size="min(880px, 100vw)"
      padding="lg"
      title={
        <Text fw={650} fz="lg">
          New case
        </Text>
      }
      closeOnEscape={!create.isPending}
    >
      {opened && (
        <CaseForm
          projectId={projectId}
          productId={productId}
          initial={emptyCaseValues(moduleId)}
          submitLabel="Create case"
          saving={create.isPending}
          onCancel={onClose}
          onSubmit={async (fields) => {
            const created = await create.mutateAsync(fields);
            notifications.show({ color: 'green', message: `${caseCode(created.caseNumber)} created` });
            onCreated(created.id);
          }}
        />
      )}
    </Drawer>
  );
}
