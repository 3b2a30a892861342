/**
 * Push webhooks of GitHub, GitLab and Gitea / Forgejo: which host sent a delivery, whether its
 * signature (or token) is right, and the ref updates it announces. The payload is only a
 * doorbell: the commits themselves are read from the repository over git (ingest.ts), so a
 * truncated commit list (GitLab sends at most 20) or a forged one cannot put words in a
 * commit's mouth.
 *
 * - GitHub: `X-GitHub-Event`, `X-GitHub-Delivery`, `X-Hub-Signature-256: sha256=<hex HMAC-SHA256
 *   of the body with the secret>`.
 * - GitLab: `X-Gitlab-Event: Push Hook`, `X-Gitlab-Event-UUID`, `X-Gitlab-Token: <the secret>`.
 * - Gitea / Forgejo: `X-Gitea-Event` (or `X-Forgejo-Event`), `X-Gitea-Delivery`,
 *   `X-Gitea-Signature: <hex HMAC-SHA256>` (or `X-Forgejo-Signature`). Gitea also sends
 *   GitHub's event header, so it is recognised first.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookFormat } from '@shared/domain/repositories';
import * as z from 'zod';

export interface RefUpdate {
  /** `refs/heads/main`, `refs/tags/v1` */
  ref: string;
  before: string;
  after: string;
}

export interface WebhookDelivery {
  format: WebhookFormat;
  /** `push`, or another event the receiver acknowledges and ignores (`ping`, issues, ...). */
  event: string;
  isPush: boolean;
  /** The host's delivery id, or the body's hash when it sends none. */
  delivery: string;
}

type Headers = (name: string) => string | undefined;

/** Which host sent the delivery (null: none of the known formats). */
export function deliveryOf(header: Headers, rawBody: string): WebhookDelivery | null {
  const hash = () => `sha256-${createHash('sha256').update(rawBody).digest('hex').slice(0, 40)}`;
  const gitea = header('x-gitea-event') ?? header('x-forgejo-event');
  if (gitea) {
    const delivery = header('x-gitea-delivery') ?? header('x-forgejo-delivery') ?? hash();
    return { format: 'gitea', event: gitea, isPush: gitea === 'push', delivery };
  }
  const gitlab = header('x-gitlab-event');
  if (gitlab) {
    const delivery = header('x-gitlab-event-uuid') ?? header('idempotency-key') ?? hash();
    return {
      format: 'gitlab',
      event: gitlab,
      isPush: gitlab === 'Push Hook' || gitlab === 'Tag Push Hook',
      delivery,
    };
  }
  const github = header('x-github-event');
  if (github) {
    return {
      format: 'github',
      event: github,
      isPush: github === 'push',
      delivery: header('x-github-delivery') ?? hash(),
    };
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/** Whether the delivery carries the right signature (GitHub, Gitea) or token (GitLab). */
export function verifyDelivery(
  format: WebhookFormat,
  header: Headers,
  rawBody: string,
  secret: string,
): boolean {
  if (!secret) return false;
  if (format === 'gitlab') return sameText(header('x-gitlab-token') ?? '', secret);
  if (format === 'gitea') {
    const signature = header('x-gitea-signature') ?? header('x-forgejo-signature') ?? '';
    return sameText(signature.toLowerCase(), hmac(secret, rawBody));
  }
  return sameText((header('x-hub-signature-256') ?? '').toLowerCase(), `sha256=${hmac(secret, rawBody)}`);
}

const Sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'must be a commit id');
const PushPayload = z.object({
  ref: z.string().min(1).max(300).startsWith('refs/', 'must be a full ref name (refs/heads/...)'),
  before: Sha,
  after: Sha,
});

/** The ref update a push event announces; throws a field-named message when malformed. */
export function parsePush(rawBody: string): RefUpdate {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new PayloadError('body', 'is not JSON (set the webhook content type to application/json)');
  }
  const parsed = PushPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PayloadError(issue.path.join('.') || 'body', issue.message);
  }
  return parsed.data;
}

export class PayloadError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'PayloadError';
  }
}

export const ZERO_SHA = '0000000000000000000000000000000000000000';
