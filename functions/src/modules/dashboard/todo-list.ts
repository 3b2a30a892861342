/**
 * `todo`: what waits for me, in one list (docs/work-desk.md, "Todos"): my own todos; the user
 * requirements and specs waiting for a review in products where I may review them (a reviewer is
 * a product member holding the kind's review permission, as the review call demands); and the test
 * sheets I own that are not completed. Weekly reports to write are not in it yet: the weekly
 * module does not tell which reports a member still has to write.
 */
import type { Tenant } from '@core/identity/tenancy';
import type { RequirementKind } from '@shared/domain/requirement-workflow';
import { SHEET_STATUS } from '@shared/domain/testing';
import type { DeskTodo, ReviewTodo, SheetTodo } from '@shared/schemas/dashboard';
import { dueState, todayIn } from './days';
import { holds, myProjects } from './my-work';
import { myProducts, queueViews, requirementsOf, reviewQueue } from './products';
import { sheetsOf } from './sources';
import { myTodos, todoView } from './todos';

/** At most this many reviews of each kind are listed (the statistics count them all). */
const MAX_REVIEWS = 25;

export const REVIEW_PERMISSION: Record<RequirementKind, string> = {
  userRequirement: 'product:requirement:review',
  spec: 'product:spec:review',
};

/** The reviews waiting for the caller, of one kind. */
export async function reviewsFor(tenant: Tenant, kind: RequirementKind): Promise<ReviewTodo[]> {
  if (!holds(tenant, REVIEW_PERMISSION[kind])) return [];
  const queue = reviewQueue(kind, await requirementsOf(tenant, kind, await myProducts(tenant)));
  return (await queueViews(kind, queue.slice(0, MAX_REVIEWS))).map((view) => ({ ...view, kind }));
}

/** The caller's test sheets that are not completed, in my projects, by end date. */
export async function mySheets(tenant: Tenant, today: string): Promise<SheetTodo[]> {
  if (!holds(tenant, 'test:sheet:list')) return [];
  const userId = tenant.principal.userId;
  const projects = await myProjects(tenant);
  const lists = await Promise.all(
    projects.map(async ({ project }) =>
      (await sheetsOf(tenant.enterprise.id, project.projectId))
        .filter((sheet) => sheet.ownerId === userId && sheet.status !== SHEET_STATUS.completed)
        .map((sheet) => ({
          id: sheet.sheetId,
          name: sheet.name,
          project: { id: project.projectId, name: project.name },
          status: sheet.status,
          endDate: sheet.endDate,
          due: dueState(sheet.endDate, today),
        })),
    ),
  );
  return lists
    .flat()
    .sort((a, b) => (a.endDate ?? '9999').localeCompare(b.endDate ?? '9999') || a.name.localeCompare(b.name));
}

export async function deskTodo(tenant: Tenant): Promise<DeskTodo> {
  const today = todayIn(tenant.enterprise.timeZone);
  const [own, requirements, specs, testSheets] = await Promise.all([
    myTodos(tenant),
    reviewsFor(tenant, 'userRequirement'),
    reviewsFor(tenant, 'spec'),
    mySheets(tenant, today),
  ]);
  const reviews = [...requirements, ...specs].sort(
    (a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id),
  );
  return { own: own.map((todo) => todoView(todo, today)), reviews, testSheets, today };
}
