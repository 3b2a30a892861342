/**
 * My notifications (docs/notifications.md): the bell's unread count, polled every 30 s and on
 * window focus; the inbox pages; marking read; my preferences; watching a work item. Type-only
 * imports from the shared schemas: zod stays out of the shell's chunk.
 */
import type { Page } from '@shared/schemas/common';
import type {
  Notification,
  Preferences,
  PreferencesBody,
  UnreadCount,
  Watchers,
} from '@shared/schemas/notifications';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, useRefreshingWrite } from './factory';

const BASE = '/api/pms';
/** The same as UNREAD_POLL_MS of the shared schema (a value import would pull zod in). */
export const UNREAD_POLL_MS = 30_000;

export interface InboxParams {
  pageNum: number;
  pageSize: number;
  unread?: boolean;
  order?: 'unreadFirst' | 'newest';
}

export const notificationKeys = {
  all: (identifier: string) => ['notifications', identifier] as const,
  unread: (identifier: string) => [...notificationKeys.all(identifier), 'unread'] as const,
  inbox: (identifier: string, params: InboxParams) =>
    [...notificationKeys.all(identifier), 'inbox', params] as const,
  preferences: (identifier: string) => [...notificationKeys.all(identifier), 'preferences'] as const,
  watchers: (identifier: string, issueId: string) =>
    [...notificationKeys.all(identifier), 'watchers', issueId] as const,
};

/** GET notifications/unreadCount, polled (and read again when the window gets focus). */
export const unreadCountQueryOptions = (identifier: string) =>
  getQuery<UnreadCount>(
    notificationKeys.unread(identifier),
    `${BASE}/notifications/unreadCount`,
    {},
    {
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
      staleTime: 0,
    },
  );

/** GET notifications: a page of mine. */
export const inboxQueryOptions = (identifier: string, params: InboxParams) =>
  getQuery<Page<Notification>>(
    notificationKeys.inbox(identifier, params),
    `${BASE}/notifications`,
    { ...params, unread: params.unread ? 'true' : undefined },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );

export const preferencesQueryOptions = (identifier: string) =>
  getQuery<Preferences>(notificationKeys.preferences(identifier), `${BASE}/notifications/preferences`);

export const watchersQueryOptions = (identifier: string, issueId: string) =>
  getQuery<Watchers>(notificationKeys.watchers(identifier, issueId), `${BASE}/notifications/watchers`, {
    subjectType: 'issue',
    subjectId: issueId,
  });

const refreshAll = (identifier: string) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.all(identifier) });

export function useMarkRead(identifier: string) {
  return useRefreshingWrite(
    (id: string) => api.put<Notification>(`${BASE}/notifications/${encodeURIComponent(id)}/read`),
    refreshAll(identifier),
  );
}

export function useMarkAllRead(identifier: string) {
  return useRefreshingWrite(
    () => api.put<{ updated: number }>(`${BASE}/notifications/readAll`),
    refreshAll(identifier),
  );
}

export function useSavePreferences(identifier: string) {
  return useRefreshingWrite(
    (body: PreferencesBody) => api.put<Preferences>(`${BASE}/notifications/preferences`, body),
    refreshAll(identifier),
  );
}

export function useWatch(identifier: string, issueId: string) {
  return useRefreshingWrite(
    (watching: boolean) =>
      api.post<Watchers>(`${BASE}/notifications/${watching ? 'watch' : 'unwatch'}`, {
        subjectType: 'issue',
        subjectId: issueId,
      }),
    (queryClient) =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.watchers(identifier, issueId) }),
  );
}
