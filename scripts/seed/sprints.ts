/**
 * Demo iterations for the Fleet Console project: a closed sprint whose burn-down tells a real
 * two-week story (steady progress, scope added on day 4, an item reopened, the rest carried into
 * the next sprint), the running sprint that received them, and a planned one.
 *
 * A burn-down is made of when things happened. When the seed runs the product in its own process
 * it moves that process's clock day by day (the injectable clock the tests use), so every change
 * lands on the day it describes, through the public API as always. Against a server that is
 * already running the clock cannot move, so only the running and planned sprints are made.
 * Idempotent: a project that has sprints is left alone.
 */
import type { IssueDetail, IssuePage, Page, Project } from '@shared/index';
import type { Sprint } from '@shared/schemas/sprints';
import { clock } from '../../functions/src/core/clock';
import { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, DEMO_PASSWORD, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const DAY = 86_400_000;
const PROJECT = 'Fleet Console';

/** Items finished on each day of the closed sprint (14 days), and the days scope moved. */
const FINISHED_PER_DAY = [0, 1, 1, 0, 2, 1, 0, 0, 1, 2, 0, 1, 1, 0];
const SCOPE_ADDED_ON_DAY = 3;
const REOPENED_ON_DAY = 7;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Plan {
  owner: ApiSession;
  baseUrl: string;
  project: Project;
  backlog: IssueDetail[];
  controlsClock: boolean;
}

/** Sets the server's clock (in-process only) to `dayMs` + `hour`, and signs in afresh. */
async function at(plan: Plan, dayMs: number, hour: number): Promise<ApiSession> {
  if (!plan.controlsClock) return plan.owner;
  clock.now = () => dayMs + hour * 3_600_000;
  const session = new ApiSession(plan.baseUrl);
  await session.post('/api/auth/signin', { login: 'alice', password: DEMO_PASSWORD });
  return session;
}

async function createSprint(api: ApiSession, plan: Plan, name: string, goal: string, start: number) {
  return api.post<Sprint>(`${BASE}/pmsProjectSprint`, {
    pmsProjectId: plan.project.id,
    name,
    goal,
    startDate: dayOf(start),
    endDate: dayOf(start + 13 * DAY),
  });
}

async function addItems(api: ApiSession, sprint: Sprint, items: readonly IssueDetail[]) {
  await api.put(`${BASE}/pmsProjectSprint/${sprint.id}/issues`, { add: items.map((i) => i.id) });
}

async function start(api: ApiSession, sprint: Sprint): Promise<Sprint> {
  const current = await api.get<Sprint>(`${BASE}/pmsProjectSprint/${sprint.id}`);
  return api.put<Sprint>(`${BASE}/pmsProjectSprint/${sprint.id}`, { version: current.version, status: 1 });
}

/** Moves an item through the workflow to `status` (1 -> 2 -> 3, or 3 -> 2 to reopen). */
async function moveTo(api: ApiSession, item: IssueDetail, steps: readonly number[]): Promise<void> {
  for (const status of steps) {
    const current = await api.get<IssueDetail>(`${BASE}/pmsProjectIssues/${item.id}`);
    await api.put(`${BASE}/pmsProjectIssues/edit/${item.id}`, { status, version: current.version });
  }
}

/** The closed sprint, day by day, ending with its unfinished items moved into `next`. */
async function seedClosedSprint(plan: Plan, first: number, next: Sprint): Promise<void> {
  const scope = plan.backlog.slice(0, 12);
  const added = plan.backlog.slice(12, 14);
  let api = await at(plan, first - DAY, 15);
  const sprint = await createSprint(
    api,
    plan,
    'Sprint 14: map layers',
    'Layered map with live robot status',
    first,
  );
  await addItems(api, sprint, scope);
  api = await at(plan, first, 9);
  await start(api, sprint);
  const queue = [...scope];
  const finished: IssueDetail[] = [];
  const inProgress = new Set<string>();
  for (const [day, count] of FINISHED_PER_DAY.entries()) {
    api = await at(plan, first + day * DAY, 16);
    if (day === SCOPE_ADDED_ON_DAY) {
      await addItems(api, sprint, added);
      queue.push(...added);
    }
    if (day === REOPENED_ON_DAY && finished.length > 0) {
      const reopened = finished.shift()!;
      await moveTo(api, reopened, [2]);
      inProgress.add(reopened.id);
      queue.push(reopened);
    }
    for (const item of queue.splice(0, count)) {
      await moveTo(api, item, inProgress.has(item.id) ? [3] : [2, 3]);
      finished.push(item);
    }
  }
  api = await at(plan, first + 13 * DAY, 17);
  const current = await api.get<Sprint>(`${BASE}/pmsProjectSprint/${sprint.id}`);
  await api.put(`${BASE}/pmsProjectSprint/${sprint.id}/complete`, {
    version: current.version,
    choice: 3,
    targetSprintId: next.id,
  });
}

async function findProject(owner: ApiSession): Promise<Project | null> {
  const projects = await owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  return projects.rows.find((p) => p.name === PROJECT) ?? null;
}

async function backlogOf(owner: ApiSession, project: Project): Promise<IssueDetail[]> {
  const query = `pmsProjectId=${project.id}&sprintId=none&status=1&pmIssueType=1,2&pageSize=100&orderBy=createdAt&sort=asc`;
  return (await owner.get<IssuePage>(`${BASE}/pmsProjectIssues/list?${query}`)).rows as IssueDetail[];
}

/**
 * Adds the sprints; `controlsClock` is true when the product runs in this process. Returns how
 * many sprints were made.
 */
export async function seedSprints(
  seed: FoundationSeed,
  baseUrl: string,
  controlsClock: boolean,
): Promise<number> {
  const project = await findProject(seed.owner);
  if (!project) return 0;
  const existing = await seed.owner.get<Page<Sprint>>(
    `${BASE}/pmsProjectSprint/list?pmsProjectId=${project.id}`,
  );
  if (existing.total > 0) return 0;
  const backlog = await backlogOf(seed.owner, project);
  if (backlog.length < 24) return 0;
  const plan: Plan = { owner: seed.owner, baseUrl, project, backlog, controlsClock };
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  const runningStart = controlsClock ? today - 6 * DAY : today;
  try {
    let api = await at(plan, runningStart - 15 * DAY, 11);
    const running = await createSprint(
      api,
      plan,
      'Sprint 15: alarms',
      'Alarm centre with escalation',
      runningStart,
    );
    await addItems(api, running, backlog.slice(14, 18));
    if (controlsClock) await seedClosedSprint(plan, runningStart - 14 * DAY, running);
    api = await at(plan, runningStart, 9);
    await start(api, running);
    const ongoing = backlog.slice(14, 18);
    for (const [day, item] of ongoing.slice(0, 3).entries()) {
      api = await at(plan, runningStart + day * DAY, 15);
      await moveTo(api, item, [2, 3]);
    }
    clock.now = () => Date.now();
    const planned = await createSprint(
      seed.owner,
      plan,
      'Sprint 16: reports',
      'Shift reports for operators',
      runningStart + 14 * DAY,
    );
    await addItems(seed.owner, planned, backlog.slice(18, 24));
    return controlsClock ? 3 : 2;
  } finally {
    clock.now = () => Date.now();
  }
}
