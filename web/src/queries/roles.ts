import type { Role, RoleBody, RoleMenuTree, RoleUpdateBody } from '@shared/schemas/system';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { enterpriseKeys } from './enterprise';
import { getQuery, useWrite } from './factory';

const base = (deptId: string) => `/api/system/SysDeptRole/dept/${deptId}`;

export const roleKeys = {
  all: ['roles'] as const,
  list: (deptId: string) => [...roleKeys.all, deptId, 'list'] as const,
  detail: (deptId: string, roleId: string) => [...roleKeys.all, deptId, 'detail', roleId] as const,
  menuTree: (deptId: string, roleId: string | null) => [...roleKeys.all, deptId, 'menuTree', roleId] as const,
};

/** GET SysDeptRole/dept/{deptId}/list: the enterprise's roles. */
export const roleListQueryOptions = (deptId: string) =>
  getQuery<Role[]>(roleKeys.list(deptId), `${base(deptId)}/list`);

/** GET SysDeptRole/dept/{deptId}/role/{roleId}. */
export const roleQueryOptions = (deptId: string, roleId: string) =>
  getQuery<Role>(roleKeys.detail(deptId, roleId), `${base(deptId)}/role/${roleId}`);

/** GET SysDeptRole/dept/{deptId}/roleMenuTreeSelect?roleId=: the permission tree and the role's leaves. */
export const roleMenuTreeQueryOptions = (deptId: string, roleId: string | null) =>
  getQuery<RoleMenuTree>(roleKeys.menuTree(deptId, roleId), `${base(deptId)}/roleMenuTreeSelect`, { roleId });

/** Role changes can change the current user's permissions and the role names shown on members. */
const REFRESH_ROLES = {
  refresh: (queryClient: QueryClient) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
      queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
    ]),
};

export function useCreateRole(deptId: string) {
  return useWrite((body: RoleBody) => api.post<Role>(`${base(deptId)}/role`, body), REFRESH_ROLES);
}

export function useUpdateRole(deptId: string) {
  return useWrite(
    ({ roleId, body }: { roleId: string; body: RoleUpdateBody }) =>
      api.put<Role>(`${base(deptId)}/role/${roleId}`, body),
    REFRESH_ROLES,
  );
}

export function useDeleteRole(deptId: string) {
  return useWrite((roleId: string) => api.delete<null>(`${base(deptId)}/role/${roleId}`), REFRESH_ROLES);
}
