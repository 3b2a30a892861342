/**
 * Other modules' reads as the desk uses them, and the member's own todos, each through a short
 * copy (copies.ts) dropped by this process's writes to where it was read from.
 */
import { enterprisePartition, type Key, productPartition, projectPartition, SK } from '@core/db/keys';
import {
  getProductCountersOf,
  listPlans,
  listProducts,
  type PlanRecord,
  type ProductRecord,
} from '../products';
import {
  listProjectMembershipsOfUser,
  listProjects,
  type ProjectMemberRecord,
  type ProjectRecord,
} from '../projects';
import { getRepositories, listProjectLinks, type RepositoryRecord } from '../repositories';
import {
  listSpecs,
  listUserRequirements,
  type SpecRecord,
  type UserRequirementRecord,
} from '../requirements';
import { listSprints } from '../sprints';
import { listSheets } from '../testruns';
import { copyOf, writesUnder } from './copies';
import { listTodos, type TodoRecord } from './store/todos';

type ProjectLinks = Awaited<ReturnType<typeof listProjectLinks>>;
type Sprints = Awaited<ReturnType<typeof listSprints>>;
type Sheets = Awaited<ReturnType<typeof listSheets>>;
type ProductCounts = Awaited<ReturnType<typeof getProductCountersOf>>;

/** The caller's project memberships: changed by a write of their member item in any project. */
export function memberships(enterpriseId: string, userId: string): Promise<ProjectMemberRecord[]> {
  const projects = `${enterprisePartition(enterpriseId)}#PRJ#`;
  const touchedBy = (key: Key) =>
    key.pk.startsWith(projects) && key.sk === `${SK.projectMemberPrefix}${userId}`;
  return copyOf(`memberships/${enterpriseId}/${userId}`, touchedBy, () =>
    listProjectMembershipsOfUser(enterpriseId, userId),
  );
}

export function projects(enterpriseId: string): Promise<ProjectRecord[]> {
  return copyOf(
    `projects/${enterpriseId}`,
    writesUnder(enterprisePartition(enterpriseId), SK.projectPrefix),
    () => listProjects(enterpriseId),
  );
}

export function products(enterpriseId: string): Promise<ProductRecord[]> {
  return copyOf(
    `products/${enterpriseId}`,
    writesUnder(enterprisePartition(enterpriseId), SK.productPrefix),
    () => listProducts(enterpriseId),
  );
}

export function productCounts(enterpriseId: string, productIds: readonly string[]): Promise<ProductCounts> {
  const partitions = new Set(productIds.map((id) => productPartition(enterpriseId, id)));
  const touchedBy = (key: Key) => partitions.has(key.pk) && key.sk === SK.counters;
  return copyOf(`product-counts/${enterpriseId}/${[...productIds].sort().join(',')}`, touchedBy, () =>
    getProductCountersOf(enterpriseId, productIds),
  );
}

export function sprintsOf(enterpriseId: string, projectId: string): Promise<Sprints> {
  const where = projectPartition(enterpriseId, projectId);
  return copyOf(`sprints/${where}`, writesUnder(where, SK.sprintPrefix), () =>
    listSprints(enterpriseId, projectId),
  );
}

export function sheetsOf(enterpriseId: string, projectId: string): Promise<Sheets> {
  const where = projectPartition(enterpriseId, projectId);
  return copyOf(`sheets/${where}`, writesUnder(where, SK.sheetPrefix), () =>
    listSheets(enterpriseId, projectId),
  );
}

export function repositoryLinksOf(enterpriseId: string, projectId: string): Promise<ProjectLinks> {
  const where = projectPartition(enterpriseId, projectId);
  return copyOf(`links/${where}`, writesUnder(where, SK.projectRepositoryPrefix), () =>
    listProjectLinks(enterpriseId, projectId),
  );
}

export function repositories(enterpriseId: string, ids: readonly string[]): Promise<RepositoryRecord[]> {
  return copyOf(
    `repositories/${enterpriseId}/${[...ids].sort().join(',')}`,
    writesUnder(enterprisePartition(enterpriseId), SK.repositoryPrefix),
    () => getRepositories(enterpriseId, ids),
  );
}

export function userRequirementsOf(
  enterpriseId: string,
  productId: string,
): Promise<UserRequirementRecord[]> {
  const where = productPartition(enterpriseId, productId);
  return copyOf(`ureqs/${where}`, writesUnder(where, SK.userRequirementPrefix), () =>
    listUserRequirements(enterpriseId, productId),
  );
}

export function specsOf(enterpriseId: string, productId: string): Promise<SpecRecord[]> {
  const where = productPartition(enterpriseId, productId);
  return copyOf(`specs/${where}`, writesUnder(where, SK.specPrefix), () =>
    listSpecs(enterpriseId, productId),
  );
}

export function plansOf(enterpriseId: string, productId: string): Promise<PlanRecord[]> {
  const where = productPartition(enterpriseId, productId);
  return copyOf(`plans/${where}`, writesUnder(where, SK.planPrefix), () =>
    listPlans(enterpriseId, productId),
  );
}

/** The member's own todos: every desk call that counts them reads them. */
export function todosOf(enterpriseId: string, userId: string): Promise<TodoRecord[]> {
  return copyOf(
    `todos/${enterpriseId}/${userId}`,
    writesUnder(enterprisePartition(enterpriseId), `${SK.todoPrefix}${userId}#`),
    () => listTodos(enterpriseId, userId),
  );
}
