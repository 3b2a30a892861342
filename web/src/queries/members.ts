import type { Page } from '@shared/schemas/common';
import type { Member, MemberListQuery } from '@shared/schemas/enterprise';
import type { AssignUserBody, CandidateUser } from '@shared/schemas/system';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { enterpriseKeys } from './enterprise';
import { getQuery, SEARCH, useWrite } from './factory';
import { DEFAULT_PAGE_PARAMS } from './query-client';
import { roleKeys } from './roles';

export type MemberListParams = Partial<MemberListQuery>;

export const memberKeys = {
  all: ['members'] as const,
  list: (identifier: string, params: MemberListParams) =>
    [...memberKeys.all, 'list', identifier, params] as const,
  candidates: (deptId: string, keyword: string) =>
    [...memberKeys.all, 'candidates', deptId, keyword] as const,
};

/** GET pmsEnterprise/{identifier}/userList: one page of members (with roles), filtered by keyword. */
export const memberListQueryOptions = (identifier: string, params: MemberListParams = {}) => {
  const query = { ...DEFAULT_PAGE_PARAMS, ...params };
  return getQuery<Page<Member>>(
    memberKeys.list(identifier, query),
    `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}/userList`,
    query,
  );
};

/** GET system/dept/{deptId}/gitlinkUserList: registered users who are not members yet (at most 20). */
export const candidateUsersQueryOptions = (deptId: string, keyword: string) =>
  getQuery<CandidateUser[]>(
    memberKeys.candidates(deptId, keyword),
    `/api/system/dept/${deptId}/gitlinkUserList`,
    { keyword },
    SEARCH,
  );

/** Membership changes move member counts (enterprise, roles) and, for oneself, permissions. */
const REFRESH_MEMBERSHIP = {
  refresh: (queryClient: QueryClient) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
    ]),
};

/** The address of one member of the enterprise `identifier`. */
const memberUrl = (identifier: string, gitlinkUserId: string) =>
  `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}/user/${gitlinkUserId}`;

export function useAddMember(identifier: string) {
  return useWrite(
    (gitlinkUserId: string) => api.post<Member>(memberUrl(identifier, gitlinkUserId)),
    REFRESH_MEMBERSHIP,
  );
}

export function useRemoveMember(identifier: string) {
  return useWrite(
    (gitlinkUserId: string) => api.delete<null>(memberUrl(identifier, gitlinkUserId)),
    REFRESH_MEMBERSHIP,
  );
}

export function useAssignRoles(deptId: string) {
  return useWrite(
    ({ userId, roleIds }: { userId: string } & AssignUserBody) =>
      api.put<Member>(`/api/system/dept/${deptId}/users/${userId}`, { roleIds }),
    REFRESH_MEMBERSHIP,
  );
}
