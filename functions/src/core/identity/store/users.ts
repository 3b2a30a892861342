/** Registered users, with their unique login and email (global, not tenant-owned). */
import { indexKeys, indexPrefixes, keys } from '../../db/keys';
import {
  batchGet,
  conditions,
  getItem,
  type Item,
  queryIndexPage,
  transact,
  updateVersioned,
} from '../../db/operations';
import { getRecord, readRecord } from '../../db/records';

export interface UserRecord {
  userId: string;
  /** Lower-case, unique. */
  login: string;
  /** Lower-case, unique. */
  email: string;
  nickname: string;
  /** scrypt parameters, salt and hash (see core/security/passwords.ts); never leaves the server. */
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

function toItem(user: UserRecord): Item {
  return {
    ...keys.user(user.userId),
    ...indexKeys.userByLogin(user.login),
    ...indexKeys.userByNickname(user.nickname, user.userId),
    entity: 'User',
    ...user,
  };
}

function fromItem(item: Item): UserRecord {
  return readRecord(
    item,
    ['userId', 'login', 'email', 'nickname', 'passwordHash', 'createdAt', 'updatedAt', 'version'],
    {},
  );
}

/**
 * Writes the user with its login and email uniqueness items in one transaction. Fails with
 * `ConditionFailedError('login' | 'email')` when either is taken.
 */
export async function createUser(user: UserRecord): Promise<void> {
  await transact([
    { put: toItem(user), condition: conditions.notExists, label: 'user' },
    {
      put: { ...keys.login(user.login), entity: 'Login', userId: user.userId },
      condition: conditions.notExists,
      label: 'login',
    },
    {
      put: { ...keys.email(user.email), entity: 'Email', userId: user.userId },
      condition: conditions.notExists,
      label: 'email',
    },
  ]);
}

// Access pattern: user by id (base table).
export async function getUser(userId: string): Promise<UserRecord | null> {
  return getRecord(keys.user(userId), fromItem);
}

// Access pattern: many users by id (batch), e.g. the rows of a member list.
export async function getUsers(userIds: readonly string[]): Promise<Map<string, UserRecord>> {
  const items = await batchGet(userIds.map(keys.user));
  return new Map(items.map((item) => [item.userId as string, fromItem(item)]));
}

// Access pattern: user by login (uniqueness item, then the profile).
export async function findUserByLogin(login: string): Promise<UserRecord | null> {
  const ref = await getItem(keys.login(login));
  return ref ? getUser(ref.userId) : null;
}

// Access pattern: user by email (uniqueness item, then the profile).
export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const ref = await getItem(keys.email(email));
  return ref ? getUser(ref.userId) : null;
}

/** Replaces the password hash if the user still has `expectedVersion` (see updateVersioned). */
export async function updatePasswordHash(
  user: UserRecord,
  passwordHash: string,
  updatedAt: string,
): Promise<void> {
  await updateVersioned(keys.user(user.userId), user.version, { passwordHash, updatedAt });
}

/**
 * Access pattern: users whose login (gsi1) or lower-cased nickname (gsi2) starts with `prefix`,
 * in that order, one page at a time. An empty prefix walks every user by login.
 */
export async function* usersByPrefix(field: 'login' | 'nickname', prefix: string, pageSize = 50) {
  const index = field === 'login' ? 'gsi1' : 'gsi2';
  const sortPrefix = (field === 'login' ? indexPrefixes.loginSort : indexPrefixes.nicknameSort) + prefix;
  let next: Item | undefined;
  do {
    const page = await queryIndexPage(index, indexPrefixes.usersPartition, sortPrefix, pageSize, next);
    yield page.items.map(fromItem);
    next = page.next;
  } while (next);
}
