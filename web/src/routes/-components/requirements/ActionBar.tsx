import { Group, Tooltip } from '@mantine/core';
import type { RequirementAction, RequirementKind } from '@shared/domain/requirement-workflow';
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
import { useQuery } from '@tanstack/react-query';
import { Children, type ReactNode } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { productQueryOptions } from '../../../queries/products';
import { actionButtons, productReviewRefusal, type ActionButton as WorkflowButton } from './actions';

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

/**
 * The workflow buttons the signed-in person gets for a requirement of the product: what its status
 * allows and their permissions grant, with review refused to whom the product does not let review.
 */
export function useWorkflowButtons(
  kind: RequirementKind,
  productId: string,
  item: { status: number; author: { userId: string } },
) {
  const { can, me } = useCurrentEnterprise();
  const product = useQuery(productQueryOptions(productId));
  return actionButtons(kind, item.status, {
    can,
    // Until the product answers, reviews stay available: the server has the last word (403).
    isMember: product.data?.isMember ?? true,
    reviewRefusal: productReviewRefusal(product.data, me.userId, item.author.userId),
  });
}

interface ActionBarProps {
  buttons: WorkflowButton[];
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
          <ActionButton
            key={button.action}
            color={button.color}
            variant={button.variant}
            icon={Icon}
            disabled={Boolean(button.disabledReason) || (running !== null && running !== button.action)}
            loading={running === button.action}
            onClick={() => onAction(button.action)}
          >
            {button.label}
          </ActionButton>
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
