/**
 * "Review requested" (docs/notifications.md): a spec or user requirement that now waits for
 * review (created, resubmitted, changed) tells the product's reviewers, through the
 * `requirements.activity` event the notifications group receives. Called once the write is done.
 */
import { publish } from '@core/jobs/jobs';
import { reviewRequestedActivity, startsWaitingForReview } from '@shared/schemas/notifications';
import { getProduct } from '../products';

interface ReviewedItem {
  enterpriseId: string;
  productId: string;
  number: number;
  title: string;
  status: number;
  updatedAt: string;
}

export async function requestReview(
  actorId: string,
  type: 'spec' | 'userRequirement',
  id: string,
  beforeStatus: number | null,
  item: ReviewedItem,
): Promise<void> {
  if (!startsWaitingForReview(beforeStatus, item.status)) return;
  const product = await getProduct(item.enterpriseId, item.productId);
  const statuses = { before: beforeStatus, after: item.status };
  const event = reviewRequestedActivity(
    item.enterpriseId,
    actorId,
    item.updatedAt,
    { type, id, number: item.number, title: item.title },
    statuses,
    product?.reviewerIds ?? [],
  );
  if (event) await publish('requirements', 'requirements.activity', event);
}
