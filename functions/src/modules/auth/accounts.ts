/** Accounts: sign-up, password checks (throttled) and password changes. */

import { nowIso } from '@core/clock';
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
import { assertNotThrottled, clearFailedSignIns, recordFailedSignIn } from './sign-in-throttle';

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
    createdAt: now,
    updatedAt: now,
    version: 1,
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
 * Checks a sign-in. Throttled per login (429 past the limit, whatever the password); a failure
 * is counted and answered with one message whether the login exists or not.
 */
export async function authenticate(body: SignInBody): Promise<UserRecord> {
  const user = await findAccount(body.login);
  // Count by the account's login, so guessing through the login and the email share one budget.
  const throttleKey = user?.login ?? body.login.trim().toLowerCase();
  await assertNotThrottled(throttleKey);
  const valid = user
    ? await verifyPassword(body.password, user.passwordHash)
    : await verifyAgainstNothing(body.password);
  if (!user || !valid) {
    await recordFailedSignIn(throttleKey);
    throw new AppError(400, WRONG_CREDENTIALS);
  }
  await clearFailedSignIns(throttleKey);
  return user;
}

/** The signed-in user's account; 401 if it no longer exists. */
export async function requireAccount(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw unauthorized();
  return user;
}

/** Changes the password after checking the old one (throttled like sign-in). */
export async function changePassword(user: UserRecord, body: ChangePasswordBody): Promise<void> {
  await assertNotThrottled(user.login);
  if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
    await recordFailedSignIn(user.login);
    throw badRequest('oldPassword', 'The old password is incorrect');
  }
  if (body.oldPassword === body.newPassword) {
    throw badRequest('newPassword', 'The new password must differ from the old one');
  }
  const passwordHash = await hashPassword(body.newPassword);
  await onConditionFailed(updatePasswordHash(user, passwordHash, nowIso()), {
    stale: () => staleVersion('Your account'),
    missing: () => unauthorized(),
  });
}
