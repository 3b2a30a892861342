/**
 * The endpoint groups. Each group is one module, functions/src/modules/<name>/: one Hono app
 * (`app.ts` exporting `<name>App`) and, in the cloud, one Lambda function (`handler.ts`
 * exporting `handler`, see handlerEntry). `routes` are the API Gateway route paths that send
 * requests to the group; the local server mounts every group on one app, so it needs no routing
 * table.
 *
 * Later capabilities add a group here (product, requirements, projects, issues, sprints, weekly,
 * tests, reports, pipelines, artifacts, docs, dashboard); infra and the tests pick it up.
 */
export interface EndpointGroup {
  name: string;
  /** API Gateway HTTP API route paths ({proxy+} matches the rest of the path). */
  routes: string[];
  /** The group's background work (core/jobs), which the stack wires to the group's function. */
  background?: GroupBackground;
}

/**
 * Background work of a group. The code (`defineJob`, `defineSchedule`) lives in the module; what
 * the cloud must provision for it is declared here, so the stack reads it without loading any
 * module code.
 */
export interface GroupBackground {
  /** The group runs jobs: it gets an SQS queue (with a dead-letter queue) feeding its function. */
  queue?: boolean;
  /** Groups whose jobs this group queues (it may send to their queues). */
  queuesTo?: readonly string[];
  /** Recurring runs by name, each an EventBridge rule invoking the group's function. */
  schedules?: Readonly<Record<string, { everyMinutes: number }>>;
  /**
   * Events this group publishes (`repositories.push`): every group that subscribes gets a job
   * per event on its own queue, and this group may send to those queues.
   */
  publishes?: readonly string[];
  /** Events of other groups this group's jobs receive (core/jobs `defineSubscriber`). */
  subscribes?: readonly string[];
}

export const ENDPOINT_GROUPS = [
  {
    name: 'auth',
    routes: ['/api/auth/{proxy+}', '/api/accounts/{proxy+}', '/api/pms/open/{proxy+}', '/api/setting.json'],
    // The mail queue (core/mail): every mail is sent by this group's function, which may use SES.
    background: { queue: true },
  },
  {
    name: 'enterprise',
    routes: ['/api/pms/pmsEnterprise', '/api/pms/pmsEnterprise/{proxy+}'],
    // The data export job (modules/enterprise/background.ts); invitations queue mail (core/mail).
    background: { queue: true, queuesTo: ['auth', 'artifacts'] },
  },
  { name: 'system', routes: ['/api/system/{proxy+}'] },
  {
    name: 'projects',
    routes: ['/api/pms/{identifier}/pmsProject', '/api/pms/{identifier}/pmsProject/{proxy+}'],
    // Reading a project's work items may settle its change log (modules/issues/settle.ts).
    background: { queuesTo: ['issues'] },
  },
  {
    name: 'issues',
    routes: ['/api/pms/{identifier}/pmsProjectIssues/{proxy+}'],
    // The settle job: counts folded, dead change numbers filled, list snapshots taken.
    background: { queue: true, publishes: ['issues.activity'] },
  },
  {
    name: 'sprints',
    routes: ['/api/pms/{identifier}/pmsProjectSprint', '/api/pms/{identifier}/pmsProjectSprint/{proxy+}'],
    background: { queuesTo: ['issues'], publishes: ['sprints.activity'] },
  },
  {
    name: 'products',
    routes: [
      '/api/pms/{identifier}/pmsProduct',
      '/api/pms/{identifier}/pmsProduct/{proxy+}',
      '/api/pms/{identifier}/pmsProductModule',
      '/api/pms/{identifier}/pmsProductModule/{proxy+}',
      '/api/pms/{identifier}/pmsProductPlan',
      '/api/pms/{identifier}/pmsProductPlan/{proxy+}',
      '/api/pms/{identifier}/pmsProductPriority/{proxy+}',
      '/api/pms/{identifier}/pmsProductStatus/{proxy+}',
      '/api/pms/{identifier}/pmsProductRequirementTag',
      '/api/pms/{identifier}/pmsProductRequirementTag/{proxy+}',
      '/api/pms/{identifier}/typeList',
    ],
  },
  {
    name: 'requirements',
    routes: [
      '/api/pms/{identifier}/productUserRequirement',
      '/api/pms/{identifier}/productUserRequirement/{proxy+}',
      '/api/pms/{identifier}/productRequirementSpecs',
      '/api/pms/{identifier}/productRequirementSpecs/{proxy+}',
      '/api/pms/{identifier}/productRequirementTracking/{proxy+}',
      '/api/pms/{identifier}/pmsProductRequirement',
      '/api/pms/{identifier}/pmsJournals',
      '/api/pms/{identifier}/pmsJournals/{proxy+}',
    ],
    background: { queuesTo: ['issues'], publishes: ['requirements.activity'] },
  },
  {
    name: 'testcases',
    routes: [
      '/api/pms/{identifier}/pmsProjectTestcase',
      '/api/pms/{identifier}/pmsProjectTestcase/{proxy+}',
      '/api/pms/{identifier}/pmsProjectTestcaseModule',
      '/api/pms/{identifier}/pmsProjectTestcaseModule/{proxy+}',
      '/api/pms/{identifier}/pmsProjectTestcaseTag',
      '/api/pms/{identifier}/pmsProjectTestcaseTag/{proxy+}',
      '/api/pms/{identifier}/pmsProjectTestcaseType/{proxy+}',
    ],
  },
  {
    name: 'testruns',
    routes: [
      '/api/pms/{identifier}/pmsProjectTestsheet',
      '/api/pms/{identifier}/pmsProjectTestsheet/{proxy+}',
      '/api/pms/{identifier}/pmsProjectTestsheetCases',
      '/api/pms/{identifier}/pmsProjectTestsheetCases/{proxy+}',
      '/api/pms/{identifier}/pmsProjectTestsheetIssues',
      '/api/pms/{identifier}/pmsProjectTestsheetIssues/{proxy+}',
      '/api/pms/{identifier}/testReport',
      '/api/pms/{identifier}/testReport/{proxy+}',
    ],
    background: { queuesTo: ['issues'], publishes: ['testruns.activity'] },
  },
  {
    name: 'repositories',
    routes: [
      '/api/pms/{identifier}/pmsRepository',
      '/api/pms/{identifier}/pmsRepository/{proxy+}',
      '/api/pms/{identifier}/pmsProjectRepository',
      '/api/pms/{identifier}/pmsProjectRepository/{proxy+}',
      // More specific than the issues group's {proxy+}: API Gateway routes these here.
      '/api/pms/{identifier}/pmsProjectIssues/repoBranches',
      '/api/pms/{identifier}/pmsProjectIssues/repoCommits',
    ],
    background: {
      queue: true,
      schedules: { poll: { everyMinutes: 5 } },
      publishes: ['repositories.push'],
    },
  },
  {
    name: 'docs',
    routes: [
      '/api/pms/{identifier}/docs/{proxy+}',
      '/api/pms/{identifier}/folders',
      '/api/pms/{identifier}/wikiPages',
      '/api/pms/{identifier}/wikiPages/{proxy+}',
      '/api/pms/{identifier}/deleteWiki/{proxy+}',
      '/api/file/common/downloadByIdentifier/{proxy+}',
    ],
    background: {
      queue: true,
      schedules: { 'purge-trash': { everyMinutes: 60 }, 'sweep-uploads': { everyMinutes: 60 } },
    },
  },
  {
    name: 'artifacts',
    // The artifact library's management calls, and the users' access tokens for package clients.
    routes: [
      '/api/pms/{identifier}/pmsProductLibraryRepositories/{proxy+}',
      '/api/pms/{identifier}/pmsProductLibrary/{proxy+}',
      '/api/pms/{identifier}/pmsProductLibrarySnapshot/{proxy+}',
      '/api/artifactTokens',
      '/api/artifactTokens/{proxy+}',
      // The package clients' protocols (npm, Maven 2, PyPI, raw).
      '/api/artifacts/{proxy+}',
    ],
    // Removing a deleted enterprise's library in bounded steps; the cleanup rules' daily runs and
    // the blob sweep, each reading only what is due (modules/artifacts/background.ts).
    background: {
      queue: true,
      schedules: { retention: { everyMinutes: 60 }, 'sweep-blobs': { everyMinutes: 60 } },
    },
  },
  {
    name: 'weekly',
    routes: ['/api/pms/{identifier}/pmsProjectWeeklyReport/{proxy+}'],
    // The reminder run (modules/weekly/background.ts): due enterprises are reminded within 15 minutes.
    background: { schedules: { reminders: { everyMinutes: 15 } }, publishes: ['weekly.activity'] },
  },
  {
    name: 'dashboard',
    // The work desk: the spec names its calls without a resource prefix (docs/work-desk.md).
    routes: [
      '/api/pms/{identifier}/myProjectIssues',
      '/api/pms/{identifier}/myProjects',
      '/api/pms/{identifier}/myProjects/statistics',
      '/api/pms/{identifier}/myProjectSprints',
      '/api/pms/{identifier}/statistics',
      '/api/pms/{identifier}/todo',
      '/api/pms/{identifier}/todo/{proxy+}',
      '/api/pms/{identifier}/myProduct',
      '/api/pms/{identifier}/userRequirementStat',
      '/api/pms/{identifier}/productRequirementSpecsStat',
      '/api/pms/{identifier}/milestoneStatusStat',
      '/api/pms/{identifier}/myRepositories/statistics',
    ],
  },
  {
    name: 'notifications',
    // My inbox, preferences and watches; its jobs turn other groups' activity into notifications.
    // The unsubscribe link of notification email works without signing in (no enterprise path).
    routes: [
      '/api/pms/{identifier}/notifications',
      '/api/pms/{identifier}/notifications/{proxy+}',
      '/api/notifications/unsubscribe',
    ],
    background: {
      queue: true,
      // Notification email is queued on the auth group's mail queue (core/mail); the daily digest.
      queuesTo: ['auth'],
      schedules: { digest: { everyMinutes: 60 } },
      subscribes: [
        'issues.activity',
        'sprints.activity',
        'testruns.activity',
        'requirements.activity',
        'weekly.activity',
        'pipelines.activity',
      ],
    },
  },
  {
    name: 'pipelines',
    // Pipelines and their catalogue (docs/pipelines.md).
    routes: [
      '/api/pms/{identifier}/pipelines',
      '/api/pms/{identifier}/pipelines/{proxy+}',
      '/api/pms/{identifier}/actions/{proxy+}',
    ],
    // A push to a repository starts the runs of its pipelines (modules/pipelines/background.ts).
    // Every minute, the pipelines whose cron trigger names the minute start (docs/pipelines.md "Cron");
    // a failed run tells its commit's author and who started it (`pipelines.activity`).
    background: {
      queue: true,
      subscribes: ['repositories.push'],
      schedules: { cron: { everyMinutes: 1 } },
      publishes: ['pipelines.activity'],
    },
  },
] as const satisfies readonly EndpointGroup[];

export type EndpointGroupName = (typeof ENDPOINT_GROUPS)[number]['name'];

/** The background declaration of a group ({} when it has none). */
export function backgroundOf(name: string): GroupBackground {
  const group: EndpointGroup | undefined = ENDPOINT_GROUPS.find((g) => g.name === name);
  return group?.background ?? {};
}

/** The groups whose manifest entry subscribes to `event`. */
export function subscribersOf(event: string): EndpointGroupName[] {
  return ENDPOINT_GROUPS.filter((g) => (backgroundOf(g.name).subscribes ?? []).includes(event)).map(
    (g) => g.name,
  );
}

/** A group's Lambda entry (exports `handler`), relative to the repository root. */
export function handlerEntry(name: string): string {
  return `functions/src/modules/${name}/handler.ts`;
}
