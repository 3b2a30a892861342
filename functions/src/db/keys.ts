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
  projectPrefix: 'PROJECT#',
  issueTagPrefix: 'ISSUETAG#',
  // Inside a project's partition:
  projectMemberPrefix: 'MEMBER#',
  notice: 'NOTICE',
  counters: 'COUNTERS',
  changePrefix: 'CHANGE#',
  issuePrefix: 'ISSUE#',
  issueBodyPrefix: 'BODY#',
  linkPrefix: 'LINK#',
  journalPrefix: 'JOURNAL#',
} as const;

/** The partition that holds everything an enterprise owns. */
export const enterprisePartition = (enterpriseId: string) => `${ENTERPRISE_PREFIX}${enterpriseId}`;

/**
 * The partition of one project's contents (members, notice, work items and their journals,
 * links and change log). It begins with the enterprise's partition name, so it is still the
 * enterprise's, but a busy project neither crowds the enterprise partition nor makes a project's
 * queries read other projects' items.
 */
export const projectPartition = (enterpriseId: string, projectId: string) =>
  `${enterprisePartition(enterpriseId)}#PRJ#${projectId}`;

/** Change-log sequence numbers, zero-padded so that they sort as text. */
export const changeSeqKey = (seq: number) => `${SK.changePrefix}${String(seq).padStart(12, '0')}`;

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
  project: (enterpriseId: string, projectId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.projectPrefix}${projectId}`,
  }),
  issueTag: (enterpriseId: string, tagId: string): Key => ({
    pk: enterprisePartition(enterpriseId),
    sk: `${SK.issueTagPrefix}${tagId}`,
  }),
  projectMember: (enterpriseId: string, projectId: string, userId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.projectMemberPrefix}${userId}`,
  }),
  notice: (enterpriseId: string, projectId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: SK.notice,
  }),
  /** `issueSeq` (the last work-item number given out) and `changeSeq` (the last change-log entry). */
  projectCounters: (enterpriseId: string, projectId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: SK.counters,
  }),
  /** One entry of the project's change log: which work items change number `seq` touched. */
  projectChange: (enterpriseId: string, projectId: string, seq: number): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: changeSeqKey(seq),
  }),
  /** A work item's list fields (everything but the description). */
  issue: (enterpriseId: string, projectId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issuePrefix}${issueId}`,
  }),
  /** A work item's description, apart so that loading a project's list never reads it. */
  issueBody: (enterpriseId: string, projectId: string, issueId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.issueBodyPrefix}${issueId}`,
  }),
  /** One direction of a link; every link is stored from both ends. */
  issueLink: (enterpriseId: string, projectId: string, issueId: string, otherId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.linkPrefix}${issueId}#${otherId}`,
  }),
  /** A comment or history entry; journal ids sort by time. */
  journal: (enterpriseId: string, projectId: string, issueId: string, journalId: string): Key => ({
    pk: projectPartition(enterpriseId, projectId),
    sk: `${SK.journalPrefix}${issueId}#${journalId}`,
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
  /** gsi1: the projects a user belongs to ("my projects"); not under `ENT#`, which means enterprises. */
  projectMembershipOfUser: (userId: string, enterpriseId: string, projectId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `PROJECT#${enterpriseId}#${projectId}`,
  }),
  /** gsi1: a project's activity feed, newest last (journal entries of every work item). */
  projectFeed: (enterpriseId: string, projectId: string, createdAt: string, journalId: string) => ({
    gsi1pk: `${projectPartition(enterpriseId, projectId)}#FEED`,
    gsi1sk: `${createdAt}#${journalId}`,
  }),
};

export const indexPrefixes = {
  usersPartition: 'USERS',
  loginSort: 'LOGIN#',
  nicknameSort: 'NICK#',
  userMemberships: (userId: string) => `USER#${userId}`,
  enterpriseSort: ENTERPRISE_PREFIX,
  userProjects: (enterpriseId: string) => `PROJECT#${enterpriseId}#`,
  projectFeed: (enterpriseId: string, projectId: string) =>
    `${projectPartition(enterpriseId, projectId)}#FEED`,
};
