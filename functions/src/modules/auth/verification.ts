/**
 * Email verification: after sign-up (and on request) a link is mailed to the account's address;
 * following it records the address as confirmed (`EMAILVERIFIED` in the user's partition). The
 * address counts as verified only while it is still the account's address.
 */
import { nowIso } from '@core/clock';
import { keys } from '@core/db/keys';
import { getItem, putItem } from '@core/db/operations';
import { badRequest, conflict } from '@core/errors';
import { takeRequest } from '@core/http/rate-limit';
import { getUser, type UserRecord } from '@core/identity/store/users';
import { LINK_PROBLEMS, mailAccountLink, useLink } from '@core/mail/links';
import type { EmailStatus } from '@shared/schemas/email';

export const VERIFY_LINK_HOURS = 48;
const RESENDS_PER_MINUTE = 3;

/** Mails the account a link that confirms its address. */
export async function sendVerification(user: UserRecord, origin: string): Promise<void> {
  await mailAccountLink(
    'verify-email',
    user,
    { origin, page: '/verify-email', validMs: VERIFY_LINK_HOURS * 3600_000 },
    { validHours: VERIFY_LINK_HOURS },
  );
}

/** "Send the link again": 409 when already verified, 429 past a few a minute. */
export async function resendVerification(user: UserRecord, origin: string): Promise<void> {
  if ((await emailStatus(user)).verified) throw conflict(`${user.email} is already verified`);
  takeRequest(
    `verify:${user.userId}`,
    RESENDS_PER_MINUTE,
    'for verification mails; please wait and try again',
  );
  await sendVerification(user, origin);
}

export async function markVerified(userId: string, email: string): Promise<void> {
  await putItem({ ...keys.emailVerified(userId), entity: 'EmailVerified', email, verifiedAt: nowIso() });
}

/** Confirms the address from a link (once); 400 for a used, expired or stale link. */
export async function verifyEmail(token: string): Promise<EmailStatus> {
  const link = await useLink(token, 'verify-email');
  const user = await getUser(link.subject);
  if (!user || user.email !== link.email) throw badRequest('token', LINK_PROBLEMS.invalid);
  await markVerified(user.userId, user.email);
  return emailStatus(user);
}

export async function emailStatus(user: UserRecord): Promise<EmailStatus> {
  const item = await getItem(keys.emailVerified(user.userId));
  const verified = item?.email === user.email;
  return { email: user.email, verified, verifiedAt: verified ? (item!.verifiedAt as string) : null };
}
