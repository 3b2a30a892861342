import { useQuery } from '@tanstack/react-query';
import { memberListQueryOptions } from '../../../queries/members';

/** The enterprise's members by user id: who published an asset, by name rather than by id. */
export function usePeopleNames(identifier: string): (userId: string) => string {
  const members = useQuery(memberListQueryOptions(identifier, { pageNum: 1, pageSize: 100 }));
  const names = new Map((members.data?.rows ?? []).map((m) => [m.userId, m.nickname || m.login]));
  return (userId) => names.get(userId) ?? 'A former member';
}
