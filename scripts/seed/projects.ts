/**
 * Demo projects: members, a few hundred work items in every status of every kind, with parents
 * and children, links, comments and a change history, all written through the public API so the
 * workflow, numbering and history rules hold for the demo data too. Idempotent: a project that
 * already exists (by name) is left alone.
 */
import type { IssueDetail, IssueTag, Page, Project, UserSummary } from '@shared/index';
import { nextStatuses } from '@shared/index';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;

const TAGS = [
  { name: 'backend', color: 'blue' },
  { name: 'frontend', color: 'violet' },
  { name: 'firmware', color: 'orange' },
  { name: 'customer', color: 'red' },
  { name: 'tech-debt', color: 'gray' },
  { name: 'performance', color: 'green' },
] as const;

const AREAS = [
  'fleet map',
  'charging dock',
  'route planner',
  'battery monitor',
  'operator console',
  'alarm centre',
  'shift report',
  'map editor',
  'firmware updater',
  'pick list',
  'audit log',
  'robot profile',
];

const DEMAND_TEMPLATES = [
  'Operators can pause every robot in the {area} at once',
  'Show the {area} on tablets in landscape',
  'Export the {area} as a spreadsheet',
  'Let supervisors comment on the {area}',
  'Alert the shift lead when the {area} reports a fault',
  'Keep a 90-day history of the {area}',
];
const TASK_TEMPLATES = [
  'Add retries to the {area} client',
  'Write integration tests for the {area}',
  'Move the {area} settings to the new config service',
  'Profile the {area} under 200 robots',
  'Document the {area} API',
  'Remove the legacy {area} endpoint',
];
const BUG_TEMPLATES = [
  'The {area} freezes after a network drop',
  'Wrong time zone in the {area}',
  'The {area} shows robots that were decommissioned',
  'Double click in the {area} creates two jobs',
  'The {area} loses filters on reload',
  'Memory grows steadily in the {area}',
];

const PROJECTS = [
  {
    name: 'Fleet Console',
    description: 'The web console operators use to watch and steer the robot fleet.',
    members: ['alice', 'bob', 'carol', 'dave', 'erin', 'hiro'],
    itemsPerKind: 70,
  },
  {
    name: 'Dock Firmware 4.0',
    description: 'New charging-dock firmware: faster handshakes and remote updates.',
    members: ['alice', 'dave', 'farid', 'hiro', 'carol'],
    itemsPerKind: 35,
  },
  {
    name: 'Warehouse Pilot — Rotterdam',
    description: 'Rolling the fleet out at the first customer site.',
    members: ['alice', 'erin', 'grace', 'bob'],
    itemsPerKind: 15,
    status: 2,
  },
] as const;

const COMMENTS = [
  'I can reproduce this on the staging fleet.',
  'Agreed with the customer to ship this before the pilot.',
  'Blocked until the dock firmware exposes the new status field.',
  'Pairing on this tomorrow morning.',
  'Done on my side; please review.',
  'Let us split this into two smaller items.',
];

/** A small deterministic pseudo-random sequence, so every seed run builds the same data. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function ensureTags(owner: ApiSession): Promise<IssueTag[]> {
  const tags = await owner.get<IssueTag[]>(`${BASE}/pmsProjectIssues/enterpriseIssueTags`);
  for (const tag of TAGS) {
    if (!tags.some((t) => t.name === tag.name)) {
      tags.push(await owner.post<IssueTag>(`${BASE}/pmsProjectIssues/enterpriseIssueTags`, tag));
    }
  }
  return tags;
}

/** Walks the workflow from status 1 towards `target`, one legal step per edit (history per step). */
function pathTo(target: number): number[] {
  const paths: Record<number, number[]> = { 1: [], 2: [2], 3: [2, 3], 5: [2, 3, 5], 6: [6] };
  return paths[target] ?? [];
}

interface ProjectContext {
  session: (login: string) => ApiSession;
  project: Project;
  members: UserSummary[];
  tags: IssueTag[];
  random: () => number;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function createItem(ctx: ProjectContext, kind: 1 | 2 | 3, index: number, parentId?: string) {
  const templates = kind === 1 ? DEMAND_TEMPLATES : kind === 2 ? TASK_TEMPLATES : BUG_TEMPLATES;
  const title = pick(templates, ctx.random).replace('{area}', AREAS[index % AREAS.length]!);
  const author = pick(ctx.members, ctx.random);
  const start = Math.floor(ctx.random() * 30) - 20;
  const body = {
    pmsProjectId: ctx.project.id,
    pmIssueType: kind,
    title,
    description: `## Context\n\nRaised during the weekly review of the **${AREAS[index % AREAS.length]}**.\n\n- [ ] agree the scope\n- [ ] ship it`,
    priority: 1 + Math.floor(ctx.random() * 4),
    assigneeId: ctx.random() < 0.8 ? pick(ctx.members, ctx.random).userId : null,
    tagIds: ctx.random() < 0.6 ? [pick(ctx.tags, ctx.random).id] : [],
    startDate: ctx.random() < 0.7 ? dateIn(start) : null,
    endDate: ctx.random() < 0.7 ? dateIn(start + 5 + Math.floor(ctx.random() * 20)) : null,
    estimatedHours: kind === 2 ? Math.ceil(ctx.random() * 16) : null,
    parentId: parentId ?? null,
  };
  return ctx.session(author.login).post<IssueDetail>(`${BASE}/pmsProjectIssues/add`, body);
}

/** Moves the item along the workflow to a random status, with a comment now and then. */
async function liveThrough(ctx: ProjectContext, item: IssueDetail): Promise<IssueDetail> {
  const target = pick([1, 1, 2, 2, 2, 3, 3, 5, 5, 6], ctx.random);
  let current = item;
  for (const status of pathTo(target)) {
    if (!nextStatuses(current.status as 1).includes(status as 1)) break;
    const actor = ctx.session(pick(ctx.members, ctx.random).login);
    current = await actor.put<IssueDetail>(`${BASE}/pmsProjectIssues/edit/${current.id}`, {
      status,
      version: current.version,
      ...(ctx.random() < 0.3 ? { priority: 1 + Math.floor(ctx.random() * 4) } : {}),
    });
  }
  if (ctx.random() < 0.4) {
    const commenter = pick(ctx.members, ctx.random);
    await ctx
      .session(commenter.login)
      .post(`${BASE}/pmsProjectIssues/journals/${current.id}`, { notes: pick(COMMENTS, ctx.random) });
  }
  return current;
}

async function seedProject(
  seed: FoundationSeed,
  spec: (typeof PROJECTS)[number],
  tags: IssueTag[],
  index: number,
): Promise<number> {
  const owner = seed.owner;
  const project = await owner.post<Project>(`${BASE}/pmsProject`, {
    name: spec.name,
    description: spec.description,
  });
  const users = await owner.get<{ rows: { userId: string; login: string }[] }>(
    `/api/system/SysUserDeptRole/dept/${seed.enterprise.deptId}/list?pageSize=100`,
  );
  const ids = users.rows
    .filter((u) => (spec.members as readonly string[]).includes(u.login))
    .map((u) => u.userId);
  await owner.post(`${BASE}/pmsProject/${project.id}/members`, { userIds: ids });
  const members = await owner.get<UserSummary[]>(`${BASE}/pmsProject/userList?pmsProjectId=${project.id}`);
  const ctx: ProjectContext = {
    session: (login) => seed.sessions.get(login) ?? owner,
    project,
    members,
    tags,
    random: sequence(7919 * (index + 1)),
  };

  let created = 0;
  const demands: IssueDetail[] = [];
  for (let i = 0; i < spec.itemsPerKind; i += 1) {
    const demand = await liveThrough(ctx, await createItem(ctx, 1, i));
    demands.push(demand);
    const task = await liveThrough(ctx, await createItem(ctx, 2, i + 3, i % 3 === 0 ? demand.id : undefined));
    const bug = await liveThrough(ctx, await createItem(ctx, 3, i + 7));
    created += 3;
    if (i % 4 === 0) {
      await owner.post(`${BASE}/pmsProjectIssues/link`, { issueId: bug.id, linkedIssueId: demand.id });
    }
    if (i % 9 === 0) {
      await owner.post(`${BASE}/pmsProjectIssues/link`, { issueId: task.id, linkedIssueId: bug.id });
    }
  }
  if ('status' in spec) {
    const current = await owner.get<Project>(`${BASE}/pmsProject/${project.id}`);
    await owner.put(`${BASE}/pmsProject/${project.id}`, { status: spec.status, version: current.version });
  }
  return created;
}

/** Seeds the demo projects that do not exist yet; returns how many work items were created. */
export async function seedProjects(seed: FoundationSeed): Promise<number> {
  const tags = await ensureTags(seed.owner);
  const existing = await seed.owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  let created = 0;
  for (const [index, spec] of PROJECTS.entries()) {
    if (existing.rows.some((p) => p.name === spec.name)) continue;
    created += await seedProject(seed, spec, tags, index);
  }
  return created;
}
