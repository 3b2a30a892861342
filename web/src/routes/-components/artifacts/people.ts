import { useQuery } from '@tanstack/react-query';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { memberListQueryOptions } from '../../../queries/members';

/** The current enterprise's members by user id: who published an asset, by name rather than by id. */
export function usePeopleNames(): (userId: string) => string {
  const { enterprise } = useCurrentEnterprise();
  const members = useQuery(
    memberListQueryOptions(enterprise.enterpriseIdentifier, { pageNum: 1, pageSize: 100 }),
  );
  const names = new Map((members.data?.rows ?? []).map((m) => [m.userId, m.nickname || m.login]));
  return (userId) => names.get(userId) ?? 'A former member';
}
