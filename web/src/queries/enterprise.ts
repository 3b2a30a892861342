import type { CurrentUser } from '@shared/schemas/auth';
import type { CreateEnterpriseBody, Enterprise, UpdateEnterpriseBody } from '@shared/schemas/enterprise';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { forgetEnterprise } from '../api/enterprise-context';
import { getQuery } from './factory';

export const enterpriseKeys = {
  all: ['enterprise'] as const,
  mine: () => [...enterpriseKeys.all, 'mine'] as const,
  detail: (identifier: string) => [...enterpriseKeys.all, 'detail', identifier] as const,
  userInfo: (deptId: string) => [...enterpriseKeys.all, 'userInfo', deptId] as const,
};

/** GET pmsEnterprise/myList: the enterprises the signed-in user belongs to. */
export const myEnterprisesQueryOptions = () =>
  getQuery<Enterprise[]>(enterpriseKeys.mine(), '/api/pms/pmsEnterprise/myList');

/** GET pmsEnterprise/{identifier}: the enterprise detail (404 unless the user is a member). */
export const enterpriseQueryOptions = (identifier: string) =>
  getQuery<Enterprise>(
    enterpriseKeys.detail(identifier),
    `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}`,
  );

/** GET system/user/{deptId}/getInfo: the current user inside the enterprise (roles, permissions). */
export const enterpriseUserInfoQueryOptions = (deptId: string) =>
  getQuery<CurrentUser>(enterpriseKeys.userInfo(deptId), `/api/system/user/${deptId}/getInfo`);

export function useCreateEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnterpriseBody) => api.post<Enterprise>('/api/pms/pmsEnterprise', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.mine() }),
  });
}

export function useUpdateEnterprise(enterprise: Pick<Enterprise, 'id' | 'enterpriseIdentifier'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEnterpriseBody) =>
      api.put<Enterprise>(`/api/pms/pmsEnterprise/${enterprise.id}`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(enterpriseKeys.detail(enterprise.enterpriseIdentifier), updated);
      return queryClient.invalidateQueries({ queryKey: enterpriseKeys.all });
    },
  });
}

export function useDeleteEnterprise(enterprise: Pick<Enterprise, 'id' | 'enterpriseIdentifier'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmIdentifier: string) =>
      api.delete<null>(`/api/pms/pmsEnterprise/${enterprise.id}`, { confirmIdentifier }),
    // The detail stays cached: the page still shows it until it has navigated away (removing it
    // first would make the mounted layout refetch a deleted enterprise and land on /404).
    onSuccess: () => {
      forgetEnterprise();
      return queryClient.invalidateQueries({ queryKey: enterpriseKeys.mine() });
    },
  });
}
