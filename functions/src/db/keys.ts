/**
 * Every key of the table is built here, and nowhere else (see README.md beside this file).
 *
 * Tenant-owned items live in the partition `ENT#{enterpriseId}`: their builders take the
 * enterprise id first, so code that holds one enterprise's id cannot address another's items.
 * The enterprise's immutable id (not its identifier) is the prefix, so a deleted enterprise's
 * leftovers can never surface under a new enterprise that reuses the identifier.
 */

export interface Key {
  pk: string;
  sk: string;
}

const ENTERPRISE_PREFIX = 'ENT#';
export const SK = {
  profile: 'PROFILE',
  session: 'SESSION',
  enterprise: 'ENTERPRISE',
  memberPrefix: 'MEMBER#',
  rolePrefix: 'ROLE#',
  roleKeyPrefix: 'ROLEKEY#',
  userSessionPrefix: 'SESSION#',
} as const;

/** The partition that holds everything an enterprise owns. */
export const enterprisePartition = (enterpriseId: string) => `${ENTERPRISE_PREFIX}${enterpriseId}`;

export const keys = {
  // Global (not tenant-owned) items.
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: SK.profile }),
  /** Uniqueness item for a login name; holds the user id. */
  login: (login: string): Key => ({ pk: `LOGIN#${login}`, sk: 'LOGIN' }),
  /** Uniqueness item for an email address (lower-cased); holds the user id. */
  email: (email: string): Key => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** A session, found by the SHA-256 of its token (the token itself is never stored). */
  session: (tokenHash: string): Key => ({ pk: `SESSION#${tokenHash}`, sk: SK.session }),
  /** The user's reference to one of their sessions, so all of them can be ended at once. */
  userSession: (userId: string, tokenHash: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${SK.userSessionPrefix}${tokenHash}`,
  }),
  throttle: (login: string): Key => ({ pk: `THROTTLE#${login}`, sk: 'THROTTLE' }),
  /** Uniqueness item for an enterprise identifier; holds the enterprise id. */
  enterpriseIdentifier: (identifier: string): Key => ({ pk: `ENTIDENT#${identifier}`, sk: 'ENTIDENT' }),

  // Tenant-owned items: enterprise id first.
  enterprise: (enterpriseId: string): Key => ({ pk: enterprisePartition(enterpriseId), sk: SK.enterprise }),
  member: (enterpriseId: string, userId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.memberPrefix}${userId}`,
  }),
  role: (enterpriseId: string, roleId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.rolePrefix}${roleId}`,
  }),
  /** Uniqueness item for a role key within one enterprise; holds the role id. */
  roleKey: (enterpriseId: string, roleKey: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.roleKeyPrefix}${roleKey}`,
  }),
};

/** Secondary-index keys, written as attributes of the items above. */
export const indexKeys = {
  /** gsi1: every user, by login (prefix search when adding members). */
  userByLogin: (login: string) => ({ gsi1pk: 'USERS', gsi1sk: `LOGIN#${login}` }),
  /** gsi2: every user, by lower-cased nickname (prefix search); the id keeps equal nicknames apart. */
  userByNickname: (nickname: string, userId: string) => ({
    gsi2pk: 'USERS',
    gsi2sk: `NICK#${nickname.toLowerCase()}#${userId}`,
  }),
  /** gsi1: the enterprises a user belongs to (the switcher's list). */
  membershipOfUser: (userId: string, enterpriseId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: enterprisePartition(enterpriseId),
  }),
};

export const indexPrefixes = {
  usersPartition: 'USERS',
  loginSort: 'LOGIN#',
  nicknameSort: 'NICK#',
  userMemberships: (userId: string) => `USER#${userId}`,
  enterpriseSort: ENTERPRISE_PREFIX,
};
