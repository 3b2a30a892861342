import { Button, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Spec, SpecBatchBody } from '@shared/schemas/requirements';
import { IconCalendarPlus, IconChevronDown, IconCircleCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useBatchSpecs } from '../../../queries/requirements';
import { PRIORITY_OPTIONS } from '../work-items/fields';
import { batchRefusal } from './batch-moves';
import { useMemberOptions, useModuleOptions } from './fields';
import { PlanPickerModal } from './PlanPickerModal';

type Changes = SpecBatchBody['changes'];

interface SpecBatchBarProps {
  productId: string;
  selected: Spec[];
  onDone: () => void;
}

/** A button that, when refused, says why on hover (a disabled button takes no pointer events). */
function Refusable({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline w={280}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** Priority, module, owner, completion or a plan for the selected specs at once (all or nothing). */
export function SpecBatchBar({ productId, selected, onDone }: SpecBatchBarProps) {
  const batch = useBatchSpecs(productId);
  const modules = useModuleOptions(productId);
  const members = useMemberOptions(productId);
  const [planning, setPlanning] = useState(false);
  const statuses = selected.map((spec) => spec.status);
  const completeRefusal = batchRefusal('complete', statuses);
  const activateRefusal = batchRefusal('activate', statuses);
  const count = selected.length;
  const noun = count === 1 ? 'spec' : 'specs';

  function apply(changes: Changes, what: string) {
    batch.mutate(
      { ids: selected.map((spec) => spec.id), changes },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: 'green',
            message: `${what} on ${updated} ${updated === 1 ? 'spec' : 'specs'}`,
          });
          onDone();
        },
      },
    );
  }

  const trigger = (label: string) => (
    <Button
      variant="default"
      size="xs"
      rightSection={<IconChevronDown size={14} />}
      disabled={batch.isPending}
    >
      {label}
    </Button>
  );

  return (
    <Paper withBorder p="xs" px="sm" bg="var(--mantine-color-brand-light)" data-testid="batch-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} mr="xs">
            {count} {noun} selected
          </Text>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set priority')}</Menu.Target>
            <Menu.Dropdown>
              {PRIORITY_OPTIONS.map((priority) => (
                <Menu.Item
                  key={priority.value}
                  color={priority.color}
                  onClick={() =>
                    apply({ priority: Number(priority.value) as Changes['priority'] }, 'Priority set')
                  }
                >
                  {priority.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set module')}</Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
              <Menu.Item onClick={() => apply({ moduleId: null }, 'Module cleared')}>No module</Menu.Item>
              {modules.options.length > 0 && <Menu.Divider />}
              {modules.options.map((module) => (
                <Menu.Item key={module.value} onClick={() => apply({ moduleId: module.value }, 'Module set')}>
                  {module.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set owner')}</Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
              <Menu.Item onClick={() => apply({ ownerId: null }, 'Owner cleared')}>No owner</Menu.Item>
              {members.options.length > 0 && <Menu.Divider />}
              {members.options.map((user) => (
                <Menu.Item key={user.value} onClick={() => apply({ ownerId: user.value }, 'Owner set')}>
                  {user.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Refusable reason={completeRefusal}>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCircleCheck size={14} />}
              disabled={completeRefusal !== null || batch.isPending}
              loading={batch.isPending && batch.variables?.changes.status === 3}
              onClick={() => apply({ status: 3 }, 'Completed')}
            >
              Complete
            </Button>
          </Refusable>
          <Refusable reason={activateRefusal}>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendarPlus size={14} />}
              disabled={activateRefusal !== null || batch.isPending}
              onClick={() => setPlanning(true)}
            >
              Activate into plan
            </Button>
          </Refusable>
        </Group>
        <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} />} onClick={onDone}>
          Clear selection
        </Button>
      </Group>
      {planning && (
        <PlanPickerModal
          productId={productId}
          ids={selected.map((spec) => spec.id)}
          subject={count === 1 ? `SR-${selected[0]?.number}` : `${count} specs`}
          onClose={() => setPlanning(false)}
          onDone={onDone}
        />
      )}
    </Paper>
  );
}
