import type { AuditFilter, AuditPage } from '@shared/schemas/audit';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../api/client';

/** The filters of the audit log as the API takes them (times as ISO instants). */
export type AuditListParams = AuditFilter;

export const auditKeys = {
  all: ['audit'] as const,
  list: (identifier: string, params: AuditListParams) =>
    [...auditKeys.all, 'list', identifier, params] as const,
};

const base = (identifier: string) => `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}/audit`;

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * GET pmsEnterprise/{identifier}/audit: pages of entries, newest first, each page going on from the
 * cursor the last one gave. Never kept fresh from the cache: every read is itself an entry.
 */
export const auditLogInfiniteOptions = (identifier: string, params: AuditListParams) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(identifier, params),
    queryFn: ({ signal, pageParam }) =>
      api.get<AuditPage>(
        base(identifier),
        { ...params, limit: AUDIT_PAGE_SIZE, cursor: pageParam ?? undefined },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page: AuditPage) => page.next,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET pmsEnterprise/{identifier}/audit/csv: the entries of the filters, saved as a CSV file. */
export const downloadAuditCsv = (identifier: string, params: AuditListParams) =>
  api.download(`${base(identifier)}/csv`, { params: { ...params }, filename: 'audit-log.csv' });
