import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SHEET_STATUS } from '@shared/domain/testing';
import type { Sheet } from '@shared/schemas/testruns';
import {
  IconCalendar,
  IconCheck,
  IconPlus,
  IconRotateClockwise,
  IconRun,
  IconUser,
} from '@tabler/icons-react';
import { EditDeleteMenu, Fact } from '../../../components/EntityHeader/EntityHeader';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useUpdateSheet } from '../../../queries/testsheets';
import { planDateRange } from '../products/plan-dates';
import { displayName } from '../work-items/WorkItemBadges';
import { ResultBar, SheetStatusBadge } from './ResultBadges';
import type { SheetDialog } from './SheetDialogs';

interface SheetHeaderProps {
  projectId: string;
  sheet: Sheet;
  onDialog: (dialog: SheetDialog) => void;
  onAddCases: () => void;
}

/** Complete while running (or not started), Reopen once completed: `PUT` with the version read. */
function StateButton({ projectId, sheet }: { projectId: string; sheet: Sheet }) {
  const update = useUpdateSheet(projectId);
  const completed = sheet.status === SHEET_STATUS.completed;
  const status = completed ? SHEET_STATUS.inProgress : SHEET_STATUS.completed;
  return (
    <Button
      size="sm"
      variant={completed ? 'default' : 'light'}
      color={completed ? undefined : 'green'}
      leftSection={completed ? <IconRotateClockwise size={15} /> : <IconCheck size={15} />}
      loading={update.isPending}
      onClick={() =>
        update.mutate(
          { id: sheet.id, body: { version: sheet.version, status } },
          {
            onSuccess: (saved) =>
              notifications.show({
                color: 'green',
                message: `“${saved.name}” ${completed ? 'reopened' : 'completed'}`,
              }),
          },
        )
      }
    >
      {completed ? 'Reopen' : 'Complete'}
    </Button>
  );
}

/** The sheet's name, state, owner, sprint and dates, its results as a bar, and its actions. */
export function SheetHeader({ projectId, sheet, onDialog, onAddCases }: SheetHeaderProps) {
  const { can } = useCurrentEnterprise();
  const canEdit = can('test:sheet:edit');
  const canRemove = can('test:sheet:remove');
  return (
    <Card data-testid="sheet-header">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
            <Group gap="sm">
              <Title order={2} fz={22}>
                {sheet.name}
              </Title>
              <SheetStatusBadge status={sheet.status} size="lg" />
            </Group>
            <Group gap="md">
              <Fact icon={IconUser}>{sheet.owner ? displayName(sheet.owner) : 'No owner'}</Fact>
              <Fact icon={IconRun}>{sheet.sprintName ?? 'No sprint'}</Fact>
              <Fact icon={IconCalendar}>{planDateRange(sheet.startDate, sheet.endDate)}</Fact>
            </Group>
            {sheet.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={3}>
                {sheet.description}
              </Text>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap">
            {canEdit && (
              <ActionButton icon={IconPlus} size="sm" variant="filled" onClick={onAddCases}>
                Add cases
              </ActionButton>
            )}
            {canEdit && <StateButton projectId={projectId} sheet={sheet} />}
            {(canEdit || canRemove) && (
              <EditDeleteMenu
                label={`More actions for ${sheet.name}`}
                size="lg"
                onEdit={canEdit ? () => onDialog({ kind: 'edit', sheet }) : undefined}
                onDelete={canRemove ? () => onDialog({ kind: 'delete', sheet }) : undefined}
              />
            )}
          </Group>
        </Group>
        <ResultBar counts={sheet.counts} size="lg" withCounts />
      </Stack>
    </Card>
  );
}
