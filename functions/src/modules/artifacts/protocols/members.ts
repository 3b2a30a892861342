/**
 * Where a read looks: a hosted repository is itself; a group is its members, in order, a member
 * group being its own members in its place (Nexus). The first member that holds a file answers,
 * and merged metadata takes each version from the first member that has it.
 */
import { getRepository, type RepositoryRecord } from '../store/repositories';

/**
 * The hosted repositories `repository` reads, in order. `admits` leaves out members (and a
 * member group with everything in it) that it refuses: an anonymous read passes those that
 * allow anonymous reads.
 */
export async function readOrder(
  repository: RepositoryRecord,
  seen: Set<string> = new Set(),
  admits: (member: RepositoryRecord) => boolean = () => true,
): Promise<RepositoryRecord[]> {
  if (seen.has(repository.repositoryId)) return [];
  seen.add(repository.repositoryId);
  if (repository.type !== 'group') return [repository];
  const members = await Promise.all(
    repository.memberIds.map((id) => getRepository(repository.enterpriseId, id)),
  );
  const order: RepositoryRecord[] = [];
  // A member removed meanwhile is skipped; loops are refused when groups are saved, and `seen`
  // stops one that slipped through anyway.
  for (const member of members) {
    if (member && admits(member)) order.push(...(await readOrder(member, seen, admits)));
  }
  return order;
}
