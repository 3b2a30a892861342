/**
 * Links mailed to someone that act once: a password reset, an address check, an invitation. The
 * link carries a random token; only its SHA-256 is stored (`EMAILLINK#{hash}`), so a leaked table
 * yields no working link. A link is used by one conditional update (not yet used, not expired), so
 * two clicks at once cannot both pass. Expired and used links stay for a week (the table's TTL)
 * so that they can say what happened to them rather than "not valid".
 */
import { clock, nowIso } from '../clock';
import { keys } from '../db/keys';
import { ConditionFailedError, getItem, type Item, putItem, updateItem } from '../db/operations';
import { badRequest } from '../errors';
import { hashToken, newSessionToken } from '../security/tokens';
import { enqueueMail } from './queue';
import type { MailTemplates } from './templates';

/**
 * `unsubscribe` (notification email off) is the one link that is not used up: `readLink` checks
 * it, and following it again does the same again.
 */
export type LinkPurpose = 'password-reset' | 'verify-email' | 'invitation' | 'unsubscribe';

/** The links an account is mailed about itself; each has a mail template of the same name. */
type AccountLinkPurpose = 'password-reset' | 'verify-email';

/**
 * Mails the account a new one-time link of `purpose` that opens `page` of the web at `origin`;
 * `validity` is the rest of the template's data (how long the link works, in its own unit).
 */
export async function mailAccountLink<P extends AccountLinkPurpose>(
  purpose: P,
  user: { userId: string; email: string; nickname: string },
  to: { origin: string; page: string; validMs: number },
  validity: Omit<MailTemplates[P], 'nickname' | 'link'>,
): Promise<void> {
  const token = await createLink(purpose, user.userId, user.email, to.validMs);
  const data = { nickname: user.nickname, link: `${to.origin}${to.page}?token=${token}`, ...validity };
  await enqueueMail({ to: user.email, template: purpose, data: data as MailTemplates[P] });
}

export interface EmailLink {
  purpose: LinkPurpose;
  /**
   * What the link acts on: a user id, `{enterpriseId}/{inviteId}` for an invitation,
   * `{enterpriseId}/{userId}` for an unsubscribe.
   */
  subject: string;
  /** The address it was mailed to. */
  email: string;
  createdAt: string;
  /** Epoch milliseconds. */
  expiresAtMs: number;
  usedAt: string | null;
}

const KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3600_000;

/** The answers for a link that no longer works, each saying why (`token: ...`). */
export const LINK_PROBLEMS = {
  invalid: 'This link is not valid; ask for a new one',
  used: 'This link has already been used; ask for a new one',
  expired: 'This link has expired; ask for a new one',
} as const;

const linkError = (problem: keyof typeof LINK_PROBLEMS) => badRequest('token', LINK_PROBLEMS[problem]);

function fromItem(item: Item): EmailLink {
  return {
    purpose: item.purpose,
    subject: item.subject,
    email: item.email,
    createdAt: item.createdAt,
    expiresAtMs: item.expiresAtMs,
    usedAt: item.usedAt ?? null,
  };
}

/** Stores a new link; answers its token, which goes into the mail and nowhere else. */
export async function createLink(
  purpose: LinkPurpose,
  subject: string,
  email: string,
  validMs: number,
): Promise<string> {
  const token = newSessionToken();
  const expiresAtMs = clock.now() + validMs;
  await putItem({
    ...keys.emailLink(hashToken(token)),
    entity: 'EmailLink',
    purpose,
    subject,
    email,
    createdAt: nowIso(),
    expiresAtMs,
    expiresAt: Math.ceil((expiresAtMs + KEPT_AFTER_EXPIRY_MS) / 1000),
  });
  return token;
}

/** Why `link` does not work now, or null when it does. */
function problemOf(link: EmailLink | null, purpose: LinkPurpose): keyof typeof LINK_PROBLEMS | null {
  if (!link || link.purpose !== purpose) return 'invalid';
  if (link.usedAt) return 'used';
  if (link.expiresAtMs <= clock.now()) return 'expired';
  return null;
}

/** The link of `token` if it still works; 400 naming why not (unknown, used, expired). */
export async function readLink(token: string, purpose: LinkPurpose): Promise<EmailLink> {
  const item = await getItem(keys.emailLink(hashToken(token)));
  const link = item ? fromItem(item) : null;
  const problem = problemOf(link, purpose);
  if (problem) throw linkError(problem);
  return link!;
}

/** Marks the link used, once: a second use, even at the same moment, gets "already used". */
export async function useLink(token: string, purpose: LinkPurpose): Promise<EmailLink> {
  const key = keys.emailLink(hashToken(token));
  try {
    const item = await updateItem(
      key,
      { set: { usedAt: nowIso() } },
      {
        expression:
          'attribute_exists(pk) AND purpose = :purpose AND attribute_not_exists(usedAt) AND expiresAtMs > :now',
        values: { ':purpose': purpose, ':now': clock.now() },
      },
      'link',
    );
    return fromItem(item);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    const current = await getItem(key);
    throw linkError(problemOf(current ? fromItem(current) : null, purpose) ?? 'used');
  }
}
