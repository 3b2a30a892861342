import type {
  ChangePasswordBody,
  CurrentUser,
  EndedSessions,
  Session,
  SettingSchema,
  SignInBody,
  SignUpBody,
} from '@shared/schemas/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api/client';
import { forgetEnterprise } from '../api/enterprise-context';
import { getQuery, LOOKUP, useSettledWrite, useWrite } from './factory';

export type Setting = z.infer<typeof SettingSchema>;

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  setting: () => [...authKeys.all, 'setting'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
};

/** GET /api/auth/me: the signed-in user, outside any enterprise (401 when signed out). */
export const meQueryOptions = () => getQuery<CurrentUser>(authKeys.me(), '/api/auth/me');

/** GET /ruby/api/setting.json (-> {hosting address}/api/setting.json): product name, sign-up open. */
export const settingQueryOptions = () =>
  getQuery<Setting>(authKeys.setting(), '/ruby/api/setting.json', undefined, LOOKUP);

/** A new session belongs to a (possibly) different user: nothing cached may survive it. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    forgetEnterprise();
    queryClient.clear();
    queryClient.setQueryData(authKeys.me(), user);
  };
}

export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post<CurrentUser>('/api/auth/signin', body),
    onSuccess: startSession,
  });
}

export function useSignUp() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: SignUpBody) => api.post<CurrentUser>('/api/auth/signup', body),
    onSuccess: startSession,
  });
}

/**
 * Logout is POST on our own origin (the spec's GET {address}/api/accounts/logout.json would let any
 * page end the session; see docs/architecture.md). The caller leaves with a full page load, which
 * drops every cached query at once: clearing the cache first would make the mounted pages refetch
 * and meet 401s on their way out.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => api.post<null>('/api/accounts/logout.json'),
    onSettled: () => forgetEnterprise(),
  });
}

/** Ending sessions (or changing the password, which ends the others) changes the session list. */
const refreshSessions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: authKeys.sessions() });

export function useChangePassword() {
  return useWrite((body: ChangePasswordBody) => api.put<null>('/api/auth/password', body), {
    refresh: refreshSessions,
  });
}

/** GET /api/auth/sessions: the user's live sessions, this one first. */
export const sessionsQueryOptions = () => getQuery<Session[]>(authKeys.sessions(), '/api/auth/sessions');

/** DELETE /api/auth/sessions/{id}: signs out one other session. */
export function useEndSession() {
  return useSettledWrite(
    (sessionId: string) => api.delete<null>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`),
    refreshSessions,
  );
}

/** DELETE /api/auth/sessions/others: signs out every session but this one. */
export function useEndOtherSessions() {
  return useSettledWrite(() => api.delete<EndedSessions>('/api/auth/sessions/others'), refreshSessions);
}
