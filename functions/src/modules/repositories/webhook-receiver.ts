/**
 * The webhook receiver: public (hosts carry no session), so the delivery proves itself with its
 * signature or token before anything is recorded. A bad or missing signature is 401 and writes
 * nothing; a delivery id seen before is 409 (a replay); a malformed push is 400 naming the
 * field. A good push is recorded as received and queued for ingestion, and answered at once.
 */
import { clock, nowIso } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { AppError, badRequest, conflict, notFound } from '@core/errors';
import { findEnterpriseIdByIdentifier } from '@core/identity/store/enterprises';
import { webhookSecretOf } from './access';
import { ingestPush } from './background';
import * as db from './store/repositories';
import { deliveryOf, PayloadError, parsePush, verifyDelivery } from './webhooks';

/** Hosts retry for about a day at most; a delivery id is remembered for a week. */
const DELIVERY_MEMORY_SECONDS = 7 * 24 * 3600;
/** The largest payload accepted (GitHub caps its own at 25 MB; a 100-commit push is ~100 KB). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export async function receiveWebhook(
  identifier: string,
  repositoryId: string,
  header: (name: string) => string | undefined,
  rawBody: string,
): Promise<{ delivery: string; refs: number }> {
  if (Buffer.byteLength(rawBody) > MAX_WEBHOOK_BYTES) {
    throw new AppError(413, `body: A webhook payload may be at most ${MAX_WEBHOOK_BYTES / 1024} KB`);
  }
  const missing = notFound(`Repository ${repositoryId} does not exist`);
  const enterpriseId = /^[a-z0-9-]{1,64}$/.test(identifier)
    ? await findEnterpriseIdByIdentifier(identifier)
    : null;
  if (!enterpriseId) throw missing;
  const repository = await db.getRepository(enterpriseId, repositoryId);
  if (!repository) throw missing;
  const delivery = deliveryOf(header, rawBody);
  if (!delivery) {
    throw badRequest(
      'headers',
      'Not a GitHub, GitLab or Gitea webhook (no X-GitHub-Event, X-Gitlab-Event or X-Gitea-Event)',
    );
  }
  const secret = await webhookSecretOf(repository);
  // A secret that no longer opens verifies nothing: the delivery is refused like a wrong one.
  if (secret === null || !verifyDelivery(delivery.format, header, rawBody, secret)) {
    throw new AppError(
      401,
      delivery.format === 'gitlab'
        ? 'The webhook token does not match this repository’s secret'
        : 'The webhook signature does not match this repository’s secret',
    );
  }
  let update: ReturnType<typeof parsePush> | null = null;
  if (delivery.isPush) {
    try {
      update = parsePush(rawBody);
    } catch (error) {
      if (error instanceof PayloadError) throw badRequest(error.field, error.problem);
      throw error;
    }
  }
  const at = nowIso();
  try {
    await db.recordDelivery(
      enterpriseId,
      repositoryId,
      delivery.delivery,
      at,
      Math.floor(clock.now() / 1000) + DELIVERY_MEMORY_SECONDS,
    );
  } catch (error) {
    if (error instanceof ConditionFailedError)
      throw conflict(`Delivery ${delivery.delivery} was received already`);
    throw error;
  }
  if (update) {
    try {
      await ingestPush.enqueue({ enterpriseId, repositoryId, updates: [update] });
    } catch (error) {
      // Not queued: forget the delivery, so the host's retry is accepted.
      await db.forgetDelivery(enterpriseId, repositoryId, delivery.delivery);
      throw error;
    }
  }
  await db.recordSyncState(enterpriseId, repositoryId, { lastWebhookAt: at });
  return { delivery: delivery.delivery, refs: update ? 1 : 0 };
}
