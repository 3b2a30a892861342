/**
 * People as responses show them (assignees, authors, journal writers, reviewers): resolved when a
 * response is built, never copied into the items, so a list always shows current names. In core
 * because every module that shows a person uses it.
 */
import type { UserSummary } from '@shared/schemas/projects';
import { clock } from '../clock';
import { profileCopies } from './cache';
import { getUsers } from './store/users';

/** Nicknames used only to sort by assignee are kept this long in memory. */
const NICKNAME_TTL_MS = 60_000;
const MAX_CACHED_NICKNAMES = 20_000;
const nicknameCache = new Map<string, { nickname: string; until: number }>();

function rememberNickname(userId: string, nickname: string): void {
  if (nicknameCache.size >= MAX_CACHED_NICKNAMES) nicknameCache.clear();
  nicknameCache.set(userId, { nickname, until: clock.now() + NICKNAME_TTL_MS });
}

/** The users (by id) as summaries; ids of users that no longer exist are left out. */
export async function userSummaries(
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, UserSummary>> {
  const unique = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map();
  const users = await getUsers(unique);
  const out = new Map<string, UserSummary>();
  for (const [id, user] of users) {
    out.set(id, { userId: user.userId, login: user.login, nickname: user.nickname });
    rememberNickname(id, user.nickname);
  }
  return out;
}

/**
 * The users as summaries, from this process's short-lived copies where it has them (the rule of
 * core/identity/cache.ts: a rename through another instance shows here within IDENTITY_TTL_MS),
 * the rest read in one batch and kept. For answers that may be a moment behind a rename, such as
 * a write's answer; lists and item pages read people fresh.
 */
export async function recentSummaries(
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, UserSummary>> {
  const out = new Map<string, UserSummary>();
  const missing: string[] = [];
  for (const id of new Set([...ids].filter((id): id is string => Boolean(id)))) {
    const copy = profileCopies.peek(id);
    if (copy) out.set(id, copy);
    else missing.push(id);
  }
  for (const [id, summary] of await userSummaries(missing)) {
    profileCopies.keep(id, summary);
    out.set(id, summary);
  }
  return out;
}

/** A user's summary; a placeholder for an account that is gone. */
export function summaryOf(users: ReadonlyMap<string, UserSummary>, userId: string): UserSummary {
  return users.get(userId) ?? { userId, login: '', nickname: 'Unknown user' };
}

/**
 * Nicknames for sorting by assignee: served from a short-lived cache, the misses read in one
 * batch. A rename shows in the sort order within a minute (and in the rows at once).
 */
export async function nicknamesOf(ids: Iterable<string>): Promise<Map<string, string>> {
  const now = clock.now();
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const cached = nicknameCache.get(id);
    if (cached && cached.until > now) out.set(id, cached.nickname);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const [id, summary] of await userSummaries(missing)) out.set(id, summary.nickname);
  }
  return out;
}

/** For tests: forget the cached nicknames. */
export function forgetNicknames(): void {
  nicknameCache.clear();
}
