/**
 * Demo products: a two-level module tree, plans (one expired, one in progress, one not started),
 * user requirements and specs in every status, comments, and a spec pushed into a seeded project
 * that is then linked to its product. Everything goes through the public API, and every status is
 * reached along the legal workflow path (reviews, changes with reasons, plans, completion), so the
 * numbering, tracking records and counts hold for the demo data too. Idempotent: a product that
 * already exists (by name) is left alone.
 */
import type { Page, Project } from '@shared/index';
import type { Plan, Product, ProductModule, RequirementTag } from '@shared/schemas/products';
import type { SpecDemand, SpecDetail, UserRequirementDetail } from '@shared/schemas/requirements';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;

const REQUIREMENT_TAGS = [
  { name: 'customer-request', color: 'red' },
  { name: 'compliance', color: 'violet' },
  { name: 'ux', color: 'blue' },
  { name: 'reliability', color: 'orange' },
  { name: 'quick-win', color: 'green' },
] as const;

/** The statuses user requirements and specs end in, cycled in this order (every one occurs). */
const UR_TARGETS = [3, 2, 1, 3, 6, 5, 4, 3, 2, 1, 3, 6] as const;
const SPEC_TARGETS = [4, 2, 3, 1, 6, 5, 4, 3, 2, 4, 1, 3, 6, 2] as const;

interface ProductPlanSeed {
  title: string;
  /** Days from today. */
  start: number;
  end: number;
  status: 1 | 2;
}

interface ProductSeed {
  name: string;
  identifier: string;
  description: string;
  owner: string;
  members: string[];
  modules: Record<string, string[]>;
  plans: ProductPlanSeed[];
  requirements: string[];
  specsPerRequirement: number;
  /** Specs made without a requirement. */
  looseSpecs: string[];
  /** The seeded project one of its specs is pushed into. */
  project?: string;
}

const PRODUCTS: ProductSeed[] = [
  {
    name: 'Fleet Platform',
    identifier: 'FLEET',
    description: 'The software that plans, watches and steers the robot fleet.',
    owner: 'erin',
    members: ['alice', 'erin', 'bob', 'carol', 'dave'],
    modules: {
      'Fleet map': ['Live view', 'Zones'],
      Charging: ['Dock scheduling', 'Battery health'],
      'Operator console': ['Alarms', 'Shift reports'],
    },
    plans: [
      { title: 'Winter hardening', start: -90, end: -20, status: 2 },
      { title: 'Spring release', start: -10, end: 40, status: 2 },
      { title: 'Summer release', start: 50, end: 120, status: 1 },
    ],
    requirements: [
      'Operators see every robot on one live map',
      'Supervisors draw keep-out zones on the map',
      'Robots go to a free dock before the battery runs low',
      'Battery wear is reported per robot each week',
      'Alarms are grouped so one fault raises one alarm',
      'Shift leads get a summary at the end of each shift',
      'The console works on a 10-inch tablet',
      'Every command an operator sends is audited',
      'Zones can be scheduled by time of day',
      'Dock queues are visible in the console',
      'Robots can be renamed without a restart',
      'Night shifts get a dark theme',
    ],
    specsPerRequirement: 4,
    looseSpecs: [
      'Console loads in under two seconds',
      'Map tiles are cached for offline use',
      'All timestamps show the site time zone',
      'Keyboard shortcuts for the common commands',
    ],
    project: 'Fleet Console',
  },
  {
    name: 'Dock Firmware',
    identifier: 'DOCK',
    description: 'Firmware of the charging docks: handshakes, charging curves and remote updates.',
    owner: 'alice',
    members: ['alice', 'erin', 'dave', 'farid', 'hiro'],
    modules: { Handshake: ['Pairing', 'Authentication'], Updates: ['Delivery', 'Rollback'] },
    plans: [{ title: 'Firmware 4.1', start: -5, end: 60, status: 2 }],
    requirements: [
      'Docks pair with a robot in under three seconds',
      'Only robots of the fleet may charge',
      'Firmware updates arrive over the network',
      'A failed update rolls back on its own',
      'Charging curves adapt to battery age',
      'Docks report their temperature',
      'Updates can be paused for a site',
      'Pairing works after a power cut',
    ],
    specsPerRequirement: 3,
    looseSpecs: ['Signed firmware images', 'Watchdog restarts a hung dock', 'Charging logs kept for 30 days'],
  },
  {
    name: 'Customer Portal',
    identifier: 'PORTAL',
    description: 'Where customers see their sites, robots and service tickets.',
    owner: 'erin',
    members: ['alice', 'erin', 'grace', 'bob'],
    modules: { Sites: ['Overview', 'Reports'], Tickets: ['Create', 'Follow-up'] },
    plans: [],
    requirements: [
      'Customers see uptime per site',
      'Customers open service tickets online',
      'Monthly reports are e-mailed to site managers',
      'Customers invite their colleagues',
      'Tickets show the technician assigned',
    ],
    specsPerRequirement: 3,
    looseSpecs: ['Single sign-on for customer accounts', 'Portal pages print cleanly'],
  },
];

const COMMENTS = [
  'Discussed with the customer on Tuesday; they agree with the scope.',
  'We should check this against the safety case before committing.',
  'Estimate looks light to me, the map renderer needs work first.',
  'Can we split this into two smaller pieces?',
  'Legal confirmed the wording of the acceptance criteria.',
];

/** What the specs refined from one requirement each cover. */
const ASPECTS = ['data model', 'operator screen', 'notifications', 'audit trail'];

const REASONS = [
  'The customer widened the scope after the pilot',
  'Safety review asked for stricter limits',
  'Split out the reporting part into its own item',
];

/** A small deterministic pseudo-random sequence, so every seed run builds the same data. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

interface Context {
  seed: FoundationSeed;
  /** The product's manager (a product member who holds the review and spec permissions). */
  manager: ApiSession;
  product: Product;
  modules: ProductModule[];
  plans: Plan[];
  tags: RequirementTag[];
  userIdOf: Map<string, string>;
  random: () => number;
  /** Everyone with a session, for authors of requirements and comments. */
  people: string[];
}

const session = (ctx: Context, login: string) => ctx.seed.sessions.get(login) ?? ctx.seed.owner;

async function ensureTags(owner: ApiSession): Promise<RequirementTag[]> {
  const tags = await owner.get<RequirementTag[]>(`${BASE}/pmsProductRequirementTag/list`);
  for (const tag of REQUIREMENT_TAGS) {
    if (!tags.some((t) => t.name === tag.name)) {
      tags.push(await owner.post<RequirementTag>(`${BASE}/pmsProductRequirementTag`, tag));
    }
  }
  return tags;
}

async function createModules(owner: ApiSession, productId: string, tree: ProductSeed['modules']) {
  const modules: ProductModule[] = [];
  for (const [name, children] of Object.entries(tree)) {
    const parent = await owner.post<ProductModule>(`${BASE}/pmsProductModule`, { productId, name });
    modules.push(parent);
    for (const child of children) {
      modules.push(
        await owner.post<ProductModule>(`${BASE}/pmsProductModule`, {
          productId,
          name: child,
          root_id: parent.id,
        }),
      );
    }
  }
  return modules;
}

async function createPlans(owner: ApiSession, productId: string, plans: readonly ProductPlanSeed[]) {
  const out: Plan[] = [];
  for (const plan of plans) {
    out.push(
      await owner.post<Plan>(`${BASE}/pmsProductPlan`, {
        productId,
        title: plan.title,
        description: `Scope agreed for ${plan.title.toLowerCase()}.`,
        startDate: dateIn(plan.start),
        endDate: dateIn(plan.end),
        status: plan.status,
      }),
    );
  }
  return out;
}

async function comment(ctx: Context, objectId: string): Promise<void> {
  const author = pick(ctx.people, ctx.random);
  await session(ctx, author).post(`${BASE}/pmsJournals`, { objectId, notes: pick(COMMENTS, ctx.random) });
}

// ---- user requirements ----------------------------------------------------------------------

type Ur = UserRequirementDetail;

const urReview = (ctx: Context, ur: Ur, result: 'pass' | 'reject', comment = '') =>
  ctx.manager.put<Ur>(`${BASE}/productUserRequirement/review`, {
    id: ur.id,
    version: ur.version,
    result,
    comment,
  });

const urPut = (ctx: Context, ur: Ur, body: Record<string, unknown>) =>
  ctx.manager.put<Ur>(`${BASE}/productUserRequirement`, { id: ur.id, version: ur.version, ...body });

async function createRequirement(ctx: Context, title: string): Promise<Ur> {
  const author = pick(ctx.people, ctx.random);
  const leaf = pick(
    ctx.modules.filter((m) => m.root_id !== null),
    ctx.random,
  );
  return session(ctx, author).post<Ur>(`${BASE}/productUserRequirement`, {
    productId: ctx.product.id,
    title,
    description: `## Background\n\n${title}.\n\n## Who asked\n\nRaised in the quarterly customer review.`,
    source: 1 + Math.floor(ctx.random() * 5),
    priority: 1 + Math.floor(ctx.random() * 4),
    moduleId: leaf.id,
    tagIds: ctx.random() < 0.7 ? [pick(ctx.tags, ctx.random).id] : [],
  });
}

/**
 * Moves a new requirement to `target` along the workflow. Refined (3) ones are only passed here:
 * they become refined when their specs are made.
 */
async function walkRequirement(ctx: Context, ur: Ur, target: number): Promise<Ur> {
  if (target === 1) return ur;
  if (target === 5) return urReview(ctx, ur, 'reject', 'Too broad; please describe one situation.');
  if (target === 4) return urPut(ctx, ur, { status: 4, reason: 'Covered by another requirement' });
  let current = await urReview(ctx, ur, 'pass', 'Clear and worth doing.');
  if (target === 6) {
    current = await urPut(ctx, current, {
      priority: current.priority === 1 ? 2 : 1,
      description: `${ur.description}\n\nUpdated after the pilot.`,
      reason: pick(REASONS, ctx.random),
    });
  }
  return current;
}

// ---- specs ----------------------------------------------------------------------------------

type Spec = SpecDetail;

const specPath = `${BASE}/productRequirementSpecs`;

const specReview = (ctx: Context, spec: Spec, result: 'pass' | 'reject', comment = '') =>
  ctx.manager.put<Spec>(`${specPath}/review`, { id: spec.id, version: spec.version, result, comment });

async function createSpec(ctx: Context, title: string, ur: Ur | null): Promise<Spec> {
  return ctx.manager.post<Spec>(specPath, {
    productId: ctx.product.id,
    title,
    userRequirementId: ur?.id ?? null,
    description: `${title}.\n\nThe behaviour is described from the operator's point of view.`,
    acceptance: '- works on the staging fleet\n- documented in the operator guide',
    type: 1 + Math.floor(ctx.random() * 6),
    priority: 1 + Math.floor(ctx.random() * 4),
    ownerId: ctx.userIdOf.get(pick(['erin', 'alice'], ctx.random)),
    estimatedHours: 4 + Math.floor(ctx.random() * 40),
    ...(ur ? {} : { moduleId: pick(ctx.modules, ctx.random).id }),
  });
}

async function activate(ctx: Context, spec: Spec, plan: Plan | undefined): Promise<Spec> {
  if (!plan) return spec;
  await ctx.manager.put(`${specPath}/activePlan`, { ids: [spec.id], planId: plan.id });
  return ctx.manager.get<Spec>(`${specPath}/${spec.id}`);
}

/** Moves a new spec to `target` along the workflow, into a plan for planning and most completed ones. */
async function walkSpec(ctx: Context, spec: Spec, target: number, index: number): Promise<Spec> {
  if (target === 1) {
    // Some pending specs were rejected once and resubmitted by an edit.
    if (index % 2 === 0) return spec;
    const rejected = await specReview(ctx, spec, 'reject', 'Acceptance criteria are missing.');
    return ctx.manager.put<Spec>(specPath, {
      id: spec.id,
      version: rejected.version,
      acceptance: '- the operator sees a confirmation\n- the action is audited',
    });
  }
  if (target === 5) return specReview(ctx, spec, 'reject', 'Duplicates an existing spec.');
  let current = await specReview(ctx, spec, 'pass', 'Looks good.');
  const plan = ctx.plans[index % Math.max(1, ctx.plans.length)];
  if (target === 4 || (target === 3 && index % 2 === 0)) current = await activate(ctx, current, plan);
  if (target === 3) {
    await ctx.manager.put(`${specPath}/batch`, { ids: [current.id], changes: { status: 3 } });
    return ctx.manager.get<Spec>(`${specPath}/${current.id}`);
  }
  if (target === 6) {
    current = await ctx.manager.put<Spec>(`${specPath}/change`, {
      id: current.id,
      version: current.version,
      estimatedHours: (current.estimatedHours ?? 8) + 8,
      reason: pick(REASONS, ctx.random),
    });
  }
  return current;
}

// ---- a product --------------------------------------------------------------------------------

async function seedRequirements(ctx: Context, spec: ProductSeed): Promise<{ specs: Spec[]; urs: number }> {
  const specs: Spec[] = [];
  let specIndex = 0;
  const nextSpec = async (title: string, ur: Ur | null) => {
    const target = SPEC_TARGETS[specIndex % SPEC_TARGETS.length]!;
    const made = await walkSpec(ctx, await createSpec(ctx, title, ur), target, specIndex);
    specIndex += 1;
    specs.push(made);
    if (specIndex % 3 === 0) await comment(ctx, made.id);
  };
  for (const [i, title] of spec.requirements.entries()) {
    const target = UR_TARGETS[i % UR_TARGETS.length]!;
    const ur = await walkRequirement(ctx, await createRequirement(ctx, title), target);
    if (i % 3 === 1) await comment(ctx, ur.id);
    if (target !== 3) continue;
    for (let n = 1; n <= spec.specsPerRequirement; n += 1) {
      await nextSpec(`${title}: ${ASPECTS[(n - 1) % ASPECTS.length]}`, ur);
    }
  }
  for (const title of spec.looseSpecs) await nextSpec(title, null);
  return { specs, urs: spec.requirements.length };
}

/** Pushes a reviewed or planning spec into the named project and links the project to the product. */
async function pushIntoProject(ctx: Context, projectName: string, specs: readonly Spec[]): Promise<void> {
  const projects = await ctx.seed.owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  const project = projects.rows.find((p) => p.name === projectName);
  const spec = specs.find((s) => s.status === 2 || s.status === 4);
  if (!project || !spec) return;
  await ctx.manager.post<SpecDemand>(`${BASE}/pmsProductRequirement`, {
    specId: spec.id,
    pmsProjectId: project.id,
  });
  await ctx.seed.owner.put(`${BASE}/pmsProject/${project.id}`, {
    productId: ctx.product.id,
    version: project.version,
  });
}

async function seedProduct(
  seed: FoundationSeed,
  spec: ProductSeed,
  tags: RequirementTag[],
  userIdOf: Map<string, string>,
  index: number,
): Promise<{ urs: number; specs: number }> {
  const owner = seed.owner;
  const product = await owner.post<Product>(`${BASE}/pmsProduct`, {
    name: spec.name,
    identifier: spec.identifier,
    description: spec.description,
    ownerId: userIdOf.get(spec.owner),
    memberIds: spec.members.flatMap((login) => userIdOf.get(login) ?? []),
    // The demo's manager writes specs and reviews them too.
    allowSelfReview: true,
  });
  const ctx: Context = {
    seed,
    manager: seed.sessions.get('erin') ?? owner,
    product,
    modules: await createModules(owner, product.id, spec.modules),
    plans: await createPlans(owner, product.id, spec.plans),
    tags,
    userIdOf,
    random: sequence(104_729 * (index + 1)),
    people: spec.members,
  };
  const { specs, urs } = await seedRequirements(ctx, spec);
  if (ctx.plans[0]) await comment(ctx, ctx.plans[0].id);
  if (spec.project) await pushIntoProject(ctx, spec.project, specs);
  return { urs, specs: specs.length };
}

/**
 * Seeds the demo products that do not exist yet (run after the projects: one spec goes into a
 * seeded project). Returns how many user requirements and specs were created.
 */
export async function seedProducts(seed: FoundationSeed): Promise<{ urs: number; specs: number }> {
  const owner = seed.owner;
  const tags = await ensureTags(owner);
  const existing = await owner.get<Page<Product>>(`${BASE}/pmsProduct/list?pageSize=100`);
  const users = await owner.get<{ rows: { userId: string; login: string }[] }>(
    `/api/system/SysUserDeptRole/dept/${seed.enterprise.deptId}/list?pageSize=100`,
  );
  const userIdOf = new Map(users.rows.map((u) => [u.login, u.userId]));
  const total = { urs: 0, specs: 0 };
  for (const [index, spec] of PRODUCTS.entries()) {
    if (existing.rows.some((p) => p.name === spec.name)) continue;
    const made = await seedProduct(seed, spec, tags, userIdOf, index);
    total.urs += made.urs;
    total.specs += made.specs;
  }
  return total;
}
