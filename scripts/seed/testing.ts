/**
 * Demo test management for the Fleet Console project: a case library of a few hundred cases in
 * the module tree synced from the Fleet Platform product (most imported from a generated .xlsx
 * through the upload call, the way a team moving from spreadsheets would start; some created
 * one by one covering requirement specs, one of which then changes so its cases need
 * confirmation), two test sheets with results recorded by the testers, bugs filed from failed
 * cases, and one report. Idempotent: a project that has cases is left alone.
 */

import { CASE_SHEET_COLUMNS, TEST_RESULT } from '@shared/domain/testing';
import type { Page, Project } from '@shared/index';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Spec } from '@shared/schemas/requirements';
import type { Sprint } from '@shared/schemas/sprints';
import type { CaseModuleNode, CaseRow, UploadReport } from '@shared/schemas/testcases';
import type { Sheet, SheetCaseRow } from '@shared/schemas/testruns';
import writeXlsxFile from 'write-excel-file/node';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const PROJECT = 'Fleet Console';
const PRODUCT_KEY = 'FLEET';

interface Feature {
  name: string;
  /** Where the tester goes and what they do, as steps. */
  doing: string[];
  /** What they should see. */
  seeing: string;
}

/** The features of each module path (product modules after the sync, plus the project's own). */
const FEATURES: Record<string, Feature[]> = {
  'Fleet map / Live view': [
    {
      name: 'Robot positions',
      doing: ['Open the live map', 'Watch robot R-12 drive an aisle'],
      seeing: 'The marker follows the robot within one second',
    },
    {
      name: 'Robot details panel',
      doing: ['Click a robot marker'],
      seeing: 'The panel shows battery, task and speed',
    },
    {
      name: 'Map zoom',
      doing: ['Zoom in with the mouse wheel', 'Zoom out with the - button'],
      seeing: 'Tiles stay sharp and markers keep their size',
    },
    { name: 'Follow mode', doing: ['Select a robot', 'Press F'], seeing: 'The map keeps the robot centred' },
    {
      name: 'Stale robot marker',
      doing: ['Unplug robot R-07 from the network'],
      seeing: 'Its marker turns grey after 10 seconds',
    },
  ],
  'Fleet map / Zones': [
    {
      name: 'Draw a keep-out zone',
      doing: ['Choose Draw zone', 'Click four corners', 'Save as keep-out'],
      seeing: 'Robots route around the zone',
    },
    {
      name: 'Edit a zone',
      doing: ['Drag a corner of an existing zone', 'Save'],
      seeing: 'The new shape applies to the next route',
    },
    {
      name: 'Scheduled zone',
      doing: ['Set the zone active 22:00-06:00', 'Move the site clock to 23:00'],
      seeing: 'The zone is enforced only in that window',
    },
    {
      name: 'Delete a zone',
      doing: ['Select a zone', 'Delete it and confirm'],
      seeing: 'The zone disappears for every operator',
    },
    {
      name: 'Overlapping zones',
      doing: ['Draw a speed zone inside a keep-out zone'],
      seeing: 'The stricter rule wins and a hint explains it',
    },
  ],
  'Charging / Dock scheduling': [
    {
      name: 'Send to free dock',
      doing: ['Let robot R-03 drop to 20 % battery'],
      seeing: 'It drives to the nearest free dock',
    },
    {
      name: 'Dock queue',
      doing: ['Occupy all docks', 'Let a fourth robot need charge'],
      seeing: 'It waits in the queue shown in the console',
    },
    {
      name: 'Reserve a dock',
      doing: ['Reserve dock D-2 for maintenance'],
      seeing: 'No robot is sent to D-2',
    },
    {
      name: 'Dock offline',
      doing: ['Power off dock D-1 while a robot heads there'],
      seeing: 'The robot is re-routed to another dock',
    },
    { name: 'Charging priority', doing: ['Mark robot R-09 as urgent'], seeing: 'R-09 jumps the dock queue' },
  ],
  'Charging / Battery health': [
    {
      name: 'Weekly wear report',
      doing: ['Open Battery health', 'Choose last week'],
      seeing: 'Every robot shows its capacity trend',
    },
    {
      name: 'Worn battery warning',
      doing: ['Load a battery below 70 % capacity'],
      seeing: 'A warning asks for a replacement',
    },
    {
      name: 'Export battery data',
      doing: ['Click Export CSV'],
      seeing: 'The file has one row per robot and day',
    },
    {
      name: 'Temperature alert',
      doing: ['Heat a test battery above 45 C'],
      seeing: 'Charging pauses and an alarm is raised',
    },
    {
      name: 'Battery swap record',
      doing: ['Record a battery swap for R-05'],
      seeing: 'The trend restarts from the new battery',
    },
  ],
  'Operator console / Alarms': [
    {
      name: 'Grouped alarms',
      doing: ['Trigger the same fault on three robots'],
      seeing: 'One alarm lists the three robots',
    },
    {
      name: 'Acknowledge alarm',
      doing: ['Open an alarm', 'Click Acknowledge'],
      seeing: 'It moves to Acknowledged with the operator name',
    },
    {
      name: 'Alarm sound',
      doing: ['Raise a critical alarm'],
      seeing: 'The console plays the alarm sound once',
    },
    {
      name: 'Alarm history',
      doing: ['Filter alarms by last 24 hours'],
      seeing: 'Closed alarms show with their resolution',
    },
    {
      name: 'Escalation',
      doing: ['Leave a critical alarm unacknowledged for 5 minutes'],
      seeing: 'The shift lead is notified',
    },
  ],
  'Operator console / Shift reports': [
    {
      name: 'End-of-shift summary',
      doing: ['Close the shift'],
      seeing: 'The summary lists tasks, alarms and downtime',
    },
    {
      name: 'Report e-mail',
      doing: ['Close the shift with e-mail enabled'],
      seeing: 'The shift lead receives the PDF',
    },
    {
      name: 'Handover notes',
      doing: ['Write a handover note', 'Sign in as the next shift'],
      seeing: 'The note is shown first',
    },
    { name: 'Downtime breakdown', doing: ['Open the downtime chart'], seeing: 'Downtime is split by cause' },
  ],
  'Platform / Sign-in': [
    {
      name: 'Operator sign-in',
      doing: ['Open the console', 'Sign in with a valid operator'],
      seeing: 'The live map opens',
    },
    {
      name: 'Session timeout',
      doing: ['Sign in', 'Leave the console idle for 12 hours'],
      seeing: 'The next action asks to sign in again',
    },
    {
      name: 'Tablet layout',
      doing: ['Open the console on a 10-inch tablet'],
      seeing: 'Every panel fits without horizontal scrolling',
    },
    {
      name: 'Audit trail',
      doing: ['Send a stop command to a robot'],
      seeing: 'The audit log records who, what and when',
    },
  ],
};

/** Every feature is tested in these ways: title suffix, type (by name), priority, how. */
const SCENARIOS = [
  { suffix: 'works end to end', type: 'Functional', priority: 'High', extra: null },
  {
    suffix: 'with invalid input',
    type: 'Functional',
    priority: 'Normal',
    extra: 'Repeat with an empty or out-of-range value',
  },
  {
    suffix: 'without permission',
    type: 'Security',
    priority: 'High',
    extra: 'Repeat signed in as an auditor (read only)',
  },
  {
    suffix: 'after a network drop',
    type: 'Compatibility',
    priority: 'Normal',
    extra: 'Cut the network for 30 seconds, then restore it',
  },
  {
    suffix: 'with 500 robots',
    type: 'Performance',
    priority: 'Low',
    extra: 'Run the fleet simulator with 500 robots',
  },
  {
    suffix: 'on the tablet layout',
    type: 'Usability',
    priority: 'Normal',
    extra: 'Repeat on a 10-inch tablet in landscape',
  },
] as const;

const EXPECTED_FOR: Record<(typeof SCENARIOS)[number]['suffix'], (f: Feature) => string> = {
  'works end to end': (f) => f.seeing,
  'with invalid input': () => 'The value is refused with a message naming the field',
  'without permission': () => 'The action is not offered and the API answers 403',
  'after a network drop': () => 'The console reconnects and shows the current state',
  'with 500 robots': () => 'The page stays responsive (under 200 ms per interaction)',
  'on the tablet layout': () => 'Controls are reachable by touch and nothing is cut off',
};

const numbered = (lines: readonly string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join('\n');

/** The spreadsheet rows of the generated library, header first. */
function libraryRows(): { value: string }[][] {
  const rows: { value: string }[][] = [CASE_SHEET_COLUMNS.map((value) => ({ value }))];
  for (const [module, features] of Object.entries(FEATURES)) {
    for (const feature of features) {
      for (const scenario of SCENARIOS) {
        const steps = [...feature.doing, ...(scenario.extra ? [scenario.extra] : [])];
        const expected = steps.map((_, i) =>
          i === steps.length - 1 ? EXPECTED_FOR[scenario.suffix](feature) : '',
        );
        const tags = scenario.suffix === 'works end to end' ? 'smoke, regression' : 'regression';
        rows.push(
          [
            '',
            `${feature.name} ${scenario.suffix}`,
            module,
            scenario.type,
            scenario.priority,
            tags,
            'Signed in as an operator on the staging site with the fleet simulator running',
            numbered(steps),
            numbered(expected),
            '',
          ].map((value) => ({ value })),
        );
      }
    }
  }
  return rows;
}

async function findProject(owner: ApiSession): Promise<Project | undefined> {
  const page = await owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  return page.rows.find((p) => p.name === PROJECT);
}

/** Links the project to the Fleet Platform product (so the module tree can be synced). */
async function linkProduct(owner: ApiSession, project: Project): Promise<string> {
  const products = await owner.get<Page<{ id: string; identifier: string }>>(
    `${BASE}/pmsProduct/list?pageSize=100`,
  );
  const product = products.rows.find((p) => p.identifier === PRODUCT_KEY);
  if (!product) throw new Error('the products seed must run first');
  if (project.productId !== product.id) {
    await owner.put(`${BASE}/pmsProject/${project.id}`, { version: project.version, productId: product.id });
  }
  return product.id;
}

async function ensureModules(owner: ApiSession, projectId: string): Promise<void> {
  await owner.post(`${BASE}/pmsProjectTestcaseModule/syncByProductModule`, { pmsProjectId: projectId });
  const platform = await owner.post<{ id: string }>(`${BASE}/pmsProjectTestcaseModule`, {
    pmsProjectId: projectId,
    name: 'Platform',
  });
  await owner.post(`${BASE}/pmsProjectTestcaseModule`, {
    pmsProjectId: projectId,
    name: 'Sign-in',
    root_id: platform.id,
  });
}

async function ensureTags(owner: ApiSession): Promise<void> {
  const existing = await owner.get<{ name: string }[]>(`${BASE}/pmsProjectTestcaseTag/list`);
  for (const [name, color] of [
    ['smoke', 'green'],
    ['regression', 'blue'],
    ['spec', 'violet'],
  ] as const) {
    if (!existing.some((t) => t.name === name))
      await owner.post(`${BASE}/pmsProjectTestcaseTag`, { name, color });
  }
}

async function importLibrary(qa: ApiSession, projectId: string): Promise<UploadReport> {
  const file = await writeXlsxFile(libraryRows()).toBuffer();
  const form = new FormData();
  form.set('pmsProjectId', projectId);
  form.set('file', new Blob([new Uint8Array(file)]), 'fleet-console-cases.xlsx');
  const report = await qa.upload<UploadReport>(`${BASE}/pmsProjectTestcase/upload`, form);
  if (report.rejected.length > 0)
    throw new Error(`the seed library has bad rows: ${JSON.stringify(report.rejected)}`);
  return report;
}

/** Cases written one by one, each covering a reviewed spec of the product; one spec then changes. */
async function specCases(
  qa: ApiSession,
  owner: ApiSession,
  projectId: string,
  productId: string,
): Promise<number> {
  const page = await owner.get<Page<Spec>>(
    `${BASE}/productRequirementSpecs/list?productId=${productId}&pageSize=100`,
  );
  const covered = page.rows.filter((s) => s.status === 2 || s.status === 4).slice(0, 12);
  const tree = await qa.get<CaseModuleNode[]>(
    `${BASE}/pmsProjectTestcaseModule/treeList?pmsProjectId=${projectId}`,
  );
  const moduleId = tree[0]?.id ?? null;
  for (const spec of covered) {
    await qa.post(`${BASE}/pmsProjectTestcase`, {
      pmsProjectId: projectId,
      title: `Acceptance: ${spec.title}`,
      moduleId,
      type: 1,
      priority: 2,
      precondition: 'The change is deployed to staging',
      steps: [
        {
          step: `Walk through the acceptance criteria of "${spec.title}"`,
          expected: 'Every criterion holds',
        },
        { step: 'Repeat on the tablet layout', expected: 'Same result' },
      ],
      specIds: [spec.id],
    });
  }
  const changed = covered[0];
  if (changed) {
    await owner.put(`${BASE}/productRequirementSpecs/change`, {
      id: changed.id,
      version: changed.version,
      reason: 'Operators asked for a clearer acceptance rule after the pilot',
      title: `${changed.title} (revised)`,
    });
  }
  return covered.length;
}

async function allCases(api: ApiSession, projectId: string): Promise<CaseRow[]> {
  const rows: CaseRow[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await api.get<Page<CaseRow>>(
      `${BASE}/pmsProjectTestcase/list?pmsProjectId=${projectId}&pageSize=100&pageNum=${pageNum}`,
    );
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}

async function sheetRows(api: ApiSession, sheetId: string): Promise<SheetCaseRow[]> {
  const rows: SheetCaseRow[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await api.get<Page<SheetCaseRow>>(
      `${BASE}/pmsProjectTestsheetCases/list?projectTestsheetId=${sheetId}&pageSize=100&pageNum=${pageNum}`,
    );
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}

/** Who runs a sheet and when: its tester as owner, and the project's running sprint and dates. */
interface SheetPlan {
  ownerId: string;
  sprintId?: string;
  startDate?: string;
  endDate?: string;
}

async function sheetPlan(owner: ApiSession, tester: ApiSession, projectId: string): Promise<SheetPlan> {
  const me = await tester.get<CurrentUser>('/api/auth/me');
  const sprints = await owner.get<Page<Sprint>>(`${BASE}/pmsProjectSprint/list?pmsProjectId=${projectId}`);
  // In progress first: the list's own order.
  const sprint = sprints.rows.find((s) => s.status === 1);
  if (!sprint) return { ownerId: me.userId };
  return {
    ownerId: me.userId,
    sprintId: sprint.id,
    ...(sprint.startDate ? { startDate: sprint.startDate } : {}),
    ...(sprint.endDate ? { endDate: sprint.endDate } : {}),
  };
}

async function makeSheet(
  qa: ApiSession,
  projectId: string,
  name: string,
  cases: readonly CaseRow[],
  plan: SheetPlan,
): Promise<Sheet> {
  const sheet = await qa.post<Sheet>(`${BASE}/pmsProjectTestsheet`, {
    pmsProjectId: projectId,
    name,
    description: `Cases of ${name.toLowerCase()}`,
    ...plan,
  });
  await qa.post(`${BASE}/pmsProjectTestsheetCases`, {
    projectTestsheetId: sheet.id,
    caseIds: cases.map((c) => c.id),
  });
  return sheet;
}

/** Records results: most pass (in batches), a few fail, block or are skipped with a note. */
async function execute(
  tester: ApiSession,
  rows: readonly SheetCaseRow[],
  share: number,
): Promise<SheetCaseRow[]> {
  const run = rows.slice(0, Math.round(rows.length * share));
  const failed: SheetCaseRow[] = [];
  const passed: string[] = [];
  for (const [i, row] of run.entries()) {
    if (i % 11 === 3) {
      await tester.put(`${BASE}/pmsProjectTestsheetCases/${row.id}`, {
        version: row.version,
        result: TEST_RESULT.failed,
        note: 'The marker froze for about five seconds before catching up',
      });
      failed.push(row);
    } else if (i % 17 === 5) {
      await tester.put(`${BASE}/pmsProjectTestsheetCases/${row.id}`, {
        version: row.version,
        result: TEST_RESULT.blocked,
        note: 'Staging dock D-2 is being repaired',
      });
    } else if (i % 23 === 7) {
      await tester.put(`${BASE}/pmsProjectTestsheetCases/${row.id}`, {
        version: row.version,
        result: TEST_RESULT.skipped,
        note: 'Not in scope for this build',
      });
    } else passed.push(row.id);
  }
  for (let i = 0; i < passed.length; i += 40) {
    await tester.put(`${BASE}/pmsProjectTestsheetCases/batchUpdate`, {
      idList: passed.slice(i, i + 40),
      result: TEST_RESULT.passed,
    });
  }
  return failed;
}

export async function seedTesting(seed: FoundationSeed): Promise<{ cases: number; sheets: number } | null> {
  const owner = seed.owner;
  const qa = seed.sessions.get('carol')!;
  const developer = seed.sessions.get('bob')!;
  const project = await findProject(owner);
  if (!project) return null;
  const existing = await owner.get<Page<CaseRow>>(
    `${BASE}/pmsProjectTestcase/list?pmsProjectId=${project.id}`,
  );
  if (existing.total > 0) return null;

  const productId = await linkProduct(owner, project);
  await ensureModules(owner, project.id);
  await ensureTags(owner);
  await importLibrary(qa, project.id);
  await specCases(qa, owner, project.id, productId);
  const cases = await allCases(qa, project.id);

  const regression = await makeSheet(
    owner,
    project.id,
    'Sprint 14 regression',
    cases.filter((c) => c.moduleName.startsWith('Fleet map')),
    await sheetPlan(owner, qa, project.id),
  );
  const failed = await execute(qa, await sheetRows(qa, regression.id), 1);
  for (const row of failed.slice(0, 3)) {
    await qa.post(`${BASE}/pmsProjectTestsheetIssues`, { projectTestsheetCasesId: row.id });
  }
  const sheetNow = await owner.get<Sheet>(`${BASE}/pmsProjectTestsheet/${regression.id}`);
  await owner.put(`${BASE}/pmsProjectTestsheet/${regression.id}`, { version: sheetNow.version, status: 2 });
  await qa.post(`${BASE}/testReport`, {
    projectTestsheetId: regression.id,
    name: 'Sprint 14 regression report',
    summary:
      '## Conclusion\nThe live map is ready for the release. **Marker lag** under network loss is tracked in the filed bugs.\n\n## Risks\n- Dock D-2 blocked the zone scenarios on staging.',
  });

  const smoke = await makeSheet(
    owner,
    project.id,
    'Release 2.4 smoke',
    cases.filter((c) => c.tagIds.length > 1).slice(0, 30),
    await sheetPlan(owner, developer, project.id),
  );
  await execute(developer, await sheetRows(developer, smoke.id), 0.5);
  return { cases: cases.length, sheets: 2 };
}
