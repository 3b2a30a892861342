import { Menu, Tooltip } from '@mantine/core';
import type { Spec, SpecBatchBody } from '@shared/schemas/requirements';
import { IconCalendarPlus, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { BatchBar, BatchMenu, type BatchOption } from '../../../kit/BatchBar/BatchBar';
import { useBatchSpecs } from '../../../queries/requirements';
import { batchApply } from '../work-items/batch-apply';
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

  const apply = batchApply(
    batch,
    selected.map((spec) => spec.id),
    ['spec', 'specs'],
    onDone,
  );

  const disabled = batch.isPending;
  return (
    <BatchBar count={count} noun={['spec', 'specs']} onClear={onDone}>
      <BatchMenu
        label="Set priority"
        disabled={disabled}
        options={PRIORITY_OPTIONS}
        onPick={(value) => apply({ priority: Number(value) as Changes['priority'] }, 'Priority set')}
      />
      <ClearableBatchMenu
        field="Module"
        disabled={disabled}
        options={modules.options}
        onSet={(moduleId, done) => apply({ moduleId }, done)}
      />
      <ClearableBatchMenu
        field="Owner"
        disabled={disabled}
        options={members.options}
        onSet={(ownerId, done) => apply({ ownerId }, done)}
      />
      <Refusable reason={completeRefusal}>
        <ActionButton
          icon={IconCircleCheck}
          disabled={completeRefusal !== null || disabled}
          loading={disabled && batch.variables?.changes.status === 3}
          onClick={() => apply({ status: 3 }, 'Completed')}
        >
          Complete
        </ActionButton>
      </Refusable>
      <Refusable reason={activateRefusal}>
        <ActionButton
          icon={IconCalendarPlus}
          disabled={activateRefusal !== null || disabled}
          onClick={() => setPlanning(true)}
        >
          Activate into plan
        </ActionButton>
      </Refusable>
      {planning && (
        <PlanPickerModal
          productId={productId}
          ids={selected.map((spec) => spec.id)}
          subject={count === 1 ? `SR-${selected[0]?.number}` : `${count} specs`}
          onClose={() => setPlanning(false)}
          onDone={onDone}
        />
      )}
    </BatchBar>
  );
}

/**
 * "Set module", "Set owner": a field that may also be emptied, so "No module" heads the options.
 * `onSet` gets the pick (null to empty it) and what the notification says once it is done.
 */
function ClearableBatchMenu({
  field,
  disabled,
  options,
  onSet,
}: {
  field: string;
  disabled: boolean;
  options: BatchOption[];
  onSet: (value: string | null, done: string) => void;
}) {
  const clear = (
    <>
      <Menu.Item onClick={() => onSet(null, `${field} cleared`)}>No {field.toLowerCase()}</Menu.Item>
      {options.length > 0 && <Menu.Divider />}
    </>
  );
  return (
    <BatchMenu
      label={`Set ${field.toLowerCase()}`}
      disabled={disabled}
      options={options}
      before={clear}
      emptyLabel=""
      onPick={(value) => onSet(value, `${field} set`)}
    />
  );
}
