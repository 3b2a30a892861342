/** Accounts: sign-up, password checks (throttled) and password changes. */

import { firstVersion, nowIso } from '@core/clock';
import { config } from '@core/config';
import { onConditionFailed } from '@core/db/operations';
import { AppError, badRequest, conflict, forbidden, staleVersion, unauthorized } from '@core/errors';
import {
  createUser,
  findUserByEmail,
  findUserByLogin,
  getUser,
  type UserRecord,
  updatePasswordHash,
} from '@core/identity/store/users';
import { newId } from '@core/ids';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '@core/security/passwords';
import type { ChangePasswordBody, SignInBody, SignUpBody } from '@shared/schemas/auth';
import { throttledCheck } from './sign-in-throttle';

/** The one answer for an unknown login and a wrong password, so neither reveals the other. */
const WRONG_CREDENTIALS = 'login: The login or password is incorrect';

/** Creates an account. 409 when the login or the email is already registered. */
export async function signUp(body: SignUpBody): Promise<UserRecord> {
  if (!config.signUpOpen) throw forbidden('Sign-up is closed; ask an administrator for an account');
  const now = nowIso();
  const user: UserRecord = {
    userId: newId(),
    login: body.login,
    email: body.email.trim().toLowerCase(),
    nickname: body.nickname,
    passwordHash: await hashPassword(body.password),
    ...firstVersion(now),
  };
  await onConditionFailed(createUser(user), {
    login: () => conflict(`login: ${user.login} is taken`),
    email: () => conflict(`email: ${user.email} is already registered`),
  });
  return user;
}

/** Finds the account named by a login or an email address. */
function findAccount(loginOrEmail: string): Promise<UserRecord | null> {
  const name = loginOrEmail.trim().toLowerCase();
  return name.includes('@') ? findUserByEmail(name) : findUserByLogin(name);
}

/**
 * Checks a sign-in from `address`. Throttled per login and per address (429 past either limit,
 * whatever the password); a failure is answered with one message whether the login exists or not.
 */
export async function authenticate(body: SignInBody, address: string | undefined): Promise<UserRecord> {
  const user = await findAccount(body.login);
  // Count by the account's login, so guessing through the login and the email share one budget.
  const login = user?.login ?? body.login.trim().toLowerCase();
  const valid = await throttledCheck({ login, address }, () =>
    user ? verifyPassword(body.password, user.passwordHash) : verifyAgainstNothing(body.password),
  );
  if (!user || !valid) throw new AppError(400, WRONG_CREDENTIALS);
  return user;
}

/** The signed-in user's account; 401 if it no longer exists. */
export async function requireAccount(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw unauthorized();
  return user;
}

/** Changes the password after checking the old one (throttled like sign-in). */
export async function changePassword(
  user: UserRecord,
  body: ChangePasswordBody,
  address: string | undefined,
): Promise<void> {
  const valid = await throttledCheck({ login: user.login, address }, () =>
    verifyPassword(body.oldPassword, user.passwordHash),
  );
  if (!valid) throw badRequest('oldPassword', 'The old password is incorrect');
  if (body.oldPassword === body.newPassword) {
    throw badRequest('newPassword', 'The new password must differ from the old one');
  }
  const passwordHash = await hashPassword(body.newPassword);
  await onConditionFailed(updatePasswordHash(user, passwordHash, nowIso()), {
    stale: () => staleVersion('Your account'),
    missing: () => unauthorized(),
  });
}
