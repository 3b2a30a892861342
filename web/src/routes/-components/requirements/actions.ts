/**
 * The workflow buttons of a user requirement or spec: exactly `availableActions(kind, status)`
 * (shared/src/domain/requirement-workflow.ts), less those the user may not do, in menu order.
 */
import { reviewRefusal } from '@shared/domain/products';
import {
  ACTION_LABELS,
  availableActions,
  type RequirementAction,
  type RequirementKind,
} from '@shared/domain/requirement-workflow';
import type { Product } from '@shared/schemas/products';

/** The permission each action's call checks (docs/api-conventions.md, the requirement calls). */
const PERMISSIONS: Record<RequirementKind, Record<RequirementAction, string>> = {
  userRequirement: {
    edit: 'product:requirement:edit',
    pass: 'product:requirement:review',
    reject: 'product:requirement:review',
    change: 'product:requirement:edit',
    // Refining creates a spec.
    refine: 'product:spec:add',
    activate: 'product:requirement:edit',
    unplan: 'product:requirement:edit',
    complete: 'product:requirement:edit',
    close: 'product:requirement:edit',
    reopen: 'product:requirement:edit',
  },
  spec: {
    edit: 'product:spec:edit',
    pass: 'product:spec:review',
    reject: 'product:spec:review',
    change: 'product:spec:change',
    refine: 'product:spec:add',
    activate: 'product:spec:edit',
    unplan: 'product:spec:edit',
    // Completing goes through the batch call, reopening through the plain edit.
    complete: 'product:spec:edit',
    close: 'product:spec:edit',
    reopen: 'product:spec:edit',
  },
};

export interface ActionButton {
  action: RequirementAction;
  label: string;
  color: string;
  variant: 'filled' | 'light' | 'default';
  /** Set when the button shows but cannot be used, saying why. */
  disabledReason?: string;
}

const LOOKS: Record<RequirementAction, Pick<ActionButton, 'color' | 'variant'>> = {
  edit: { color: 'gray', variant: 'default' },
  pass: { color: 'green', variant: 'filled' },
  reject: { color: 'red', variant: 'light' },
  change: { color: 'gray', variant: 'default' },
  refine: { color: 'brand', variant: 'filled' },
  activate: { color: 'violet', variant: 'filled' },
  unplan: { color: 'gray', variant: 'default' },
  complete: { color: 'green', variant: 'light' },
  close: { color: 'gray', variant: 'default' },
  reopen: { color: 'gray', variant: 'default' },
};

const REVIEWS: readonly RequirementAction[] = ['pass', 'reject'];

interface ActionContext {
  can: (permission: string) => boolean;
  /** Only product members review (the server answers 403 to anyone else). */
  isMember: boolean;
  /** Why the caller may not review this item (not a chosen reviewer, its author), or null. */
  reviewRefusal?: string | null;
}

/**
 * Why the caller may not pass or reject an item `authorId` wrote: the server's rule
 * (`reviewRefusal`) on the product as last read; null until the product answers (the server has
 * the last word, 403).
 */
export function productReviewRefusal(product: Product | undefined, userId: string, authorId: string) {
  if (!product?.members) return null;
  return reviewRefusal(
    {
      name: product.name,
      memberIds: product.members.map((member) => member.userId),
      reviewerIds: (product.reviewers ?? []).map((reviewer) => reviewer.userId),
      allowSelfReview: product.allowSelfReview ?? false,
    },
    userId,
    authorId,
  );
}

export function actionButtons(
  kind: RequirementKind,
  status: number,
  { can, isMember, reviewRefusal: refusal }: ActionContext,
) {
  return availableActions(kind, status)
    .filter((action) => can(PERMISSIONS[kind][action]))
    .map((action): ActionButton => {
      const button: ActionButton = { action, label: ACTION_LABELS[action], ...LOOKS[action] };
      if (REVIEWS.includes(action) && !isMember) {
        button.disabledReason = 'Only members of the product review its requirements';
      } else if (REVIEWS.includes(action) && refusal) {
        button.disabledReason = refusal;
      }
      return button;
    });
}
