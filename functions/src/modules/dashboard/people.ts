/**
 * The caller's login, which mentions name (`@login`). Logins never change, so a process keeps
 * them; the map is bounded like the nickname cache of core/identity/people.ts.
 */
import { userSummaries } from '@core/identity/people';

const MAX_LOGINS = 20_000;
const logins = new Map<string, string>();

export async function loginOf(userId: string): Promise<string> {
  const known = logins.get(userId);
  if (known !== undefined) return known;
  const login = (await userSummaries([userId])).get(userId)?.login ?? '';
  if (logins.size >= MAX_LOGINS) logins.clear();
  if (login) logins.set(userId, login);
  return login;
}
