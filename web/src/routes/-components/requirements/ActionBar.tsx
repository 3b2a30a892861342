import { Button, Group, Tooltip } from '@mantine/core';
import type { RequirementAction } from '@shared/domain/requirement-workflow';
import {
  IconArrowBackUp,
  IconCalendarMinus,
  IconCalendarPlus,
  IconCheck,
  IconCircleCheck,
  IconGitBranch,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { Children, type ReactNode } from 'react';
import type { ActionButton } from './actions';

const ICONS: Record<RequirementAction, typeof IconPencil> = {
  edit: IconPencil,
  pass: IconCheck,
  reject: IconX,
  change: IconArrowBackUp,
  refine: IconGitBranch,
  activate: IconCalendarPlus,
  unplan: IconCalendarMinus,
  complete: IconCircleCheck,
  close: IconLock,
  reopen: IconLockOpen,
};

interface ActionBarProps {
  buttons: ActionButton[];
  onAction: (action: RequirementAction) => void;
  /** The action whose call is running (those without a dialog). */
  running?: RequirementAction | null;
  /** Buttons outside the workflow (send to project, delete), after the workflow's. */
  children?: ReactNode;
}

/** The workflow's buttons of an item, in the workflow's order, then the extra ones. */
export function ActionBar({ buttons, onAction, running = null, children }: ActionBarProps) {
  // Someone who may do nothing here sees no empty row.
  if (buttons.length === 0 && Children.toArray(children).length === 0) return null;
  return (
    <Group gap="xs" data-testid="workflow-actions">
      {buttons.map((button) => {
        const Icon = ICONS[button.action] ?? IconRefresh;
        const control = (
          <Button
            key={button.action}
            size="xs"
            color={button.color}
            variant={button.variant}
            leftSection={<Icon size={14} />}
            disabled={Boolean(button.disabledReason) || (running !== null && running !== button.action)}
            loading={running === button.action}
            onClick={() => onAction(button.action)}
          >
            {button.label}
          </Button>
        );
        return button.disabledReason ? (
          <Tooltip key={button.action} label={button.disabledReason}>
            {/* A disabled button gets no pointer events: the span carries the tooltip. */}
            <span>{control}</span>
          </Tooltip>
        ) : (
          control
        );
      })}
      {children}
    </Group>
  );
}
