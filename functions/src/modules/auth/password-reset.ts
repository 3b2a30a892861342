/**
 * Password reset by email. Asking answers the same whether or not the address has an account (no
 * account enumeration) and is rate limited per address asked for and per source address; the
 * mailed link works once, for RESET_LINK_MINUTES. A reset ends every session of the account, and
 * proves the address (docs/email.md).
 */
import { nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, staleVersion } from '@core/errors';
import { takeRequest } from '@core/http/rate-limit';
import { endOtherSessions } from '@core/identity/sessions';
import { findUserByEmail, getUser, updatePasswordHash } from '@core/identity/store/users';
import { LINK_PROBLEMS, mailAccountLink, useLink } from '@core/mail/links';
import { hashPassword } from '@core/security/passwords';
import type { ForgotPasswordBody, ResetPasswordBody } from '@shared/schemas/email';
import { markVerified } from './verification';

export const RESET_LINK_MINUTES = 60;
/** Asks per minute for one address, and from one source address. */
const RESETS_PER_ADDRESS_PER_MINUTE = 5;
const RESETS_PER_SOURCE_PER_MINUTE = 20;

export const FORGOT_ANSWER =
  'If an account uses this address, a link to choose a new password is on its way. It works once and for an hour.';

/** Queues the reset mail when the address has an account; answers the same either way. */
export async function requestPasswordReset(
  body: ForgotPasswordBody,
  source: string | undefined,
  origin: string,
): Promise<{ message: string }> {
  const whose = 'for password resets; please wait and try again';
  takeRequest(`reset:email:${body.email}`, RESETS_PER_ADDRESS_PER_MINUTE, whose);
  if (source) takeRequest(`reset:source:${source}`, RESETS_PER_SOURCE_PER_MINUTE, whose);
  const user = await findUserByEmail(body.email);
  if (user) {
    await mailAccountLink(
      'password-reset',
      user,
      { origin, page: '/reset-password', validMs: RESET_LINK_MINUTES * 60_000 },
      { validMinutes: RESET_LINK_MINUTES },
    );
  }
  return { message: FORGOT_ANSWER };
}

/** Sets the new password from a reset link (once), ends all the account's sessions. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  const link = await useLink(body.token, 'password-reset');
  const user = await getUser(link.subject);
  // The account is gone, or its address changed since the mail: the link no longer stands for it.
  if (!user || user.email !== link.email) throw badRequest('token', LINK_PROBLEMS.invalid);
  const passwordHash = await hashPassword(body.password);
  await onConditionFailed(updatePasswordHash(user, passwordHash, nowIso()), {
    stale: () => staleVersion('Your account'),
    missing: () => badRequest('token', LINK_PROBLEMS.invalid),
  });
  // '' is no session's hash: every session ends, the one that asked included.
  await endOtherSessions(user.userId, '');
  await markVerified(user.userId, user.email);
}
