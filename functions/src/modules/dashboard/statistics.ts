/**
 * `statistics`: the desk's headline numbers, each counted as its block counts it (items as
 * `myProjectIssues`, sprints as `myProjectSprints`, reviews and sheets as `todo`, without the
 * todo list's cap), so a number and its block always agree.
 */
import type { Tenant } from '@core/identity/tenancy';
import type { RequirementKind } from '@shared/domain/requirement-workflow';
import type { DeskStatistics } from '@shared/schemas/dashboard';
import { todayIn } from './days';
import { myViews } from './items';
import { holds, myProjects } from './my-work';
import { myProducts, requirementsOf, reviewQueue } from './products';
import { myDesk } from './project-view';
import { myProjectSprints } from './sprints';
import { mySheets, REVIEW_PERMISSION } from './todo-list';
import { myTodos } from './todos';

async function reviewCount(tenant: Tenant, kind: RequirementKind): Promise<number> {
  if (!holds(tenant, REVIEW_PERMISSION[kind])) return 0;
  return reviewQueue(kind, await requirementsOf(tenant, kind, await myProducts(tenant))).length;
}

export async function deskStatistics(tenant: Tenant): Promise<DeskStatistics> {
  const today = todayIn(tenant.enterprise.timeZone);
  const [views, sprints, requirements, specs, sheets, todos, projects, products] = await Promise.all([
    myViews(tenant),
    myProjectSprints(tenant),
    reviewCount(tenant, 'userRequirement'),
    reviewCount(tenant, 'spec'),
    mySheets(tenant, today),
    myTodos(tenant),
    myProjects(tenant),
    holds(tenant, 'product:product:list') ? myProducts(tenant) : [],
  ]);
  const { counts } = myDesk(
    tenant.principal.userId,
    '',
    views.projects.map((p) => p.view),
  );
  return {
    assigned: counts.assigned,
    overdue: counts.overdue,
    dueSoon: counts.dueSoon,
    mentioned: counts.mentioned,
    runningSprints: sprints.rows.length,
    reviews: requirements + specs,
    testSheets: sheets.length,
    todos: todos.filter((todo) => !todo.done).length,
    projects: projects.length,
    products: products.length,
  };
}
