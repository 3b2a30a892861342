/**
 * Demo weekly reports: four weeks (this week and the three before) of Fleet Console and Dock
 * Firmware 4.0, each member's report written from the project's template with their items of
 * that week picked into it, some members missing a week, this week's reports partly drafts. The
 * enterprise works in Europe/Amsterdam and has a template of its own.
 *
 * Past weeks close at the end of the following week (docs/weekly-reports.md). When the seed runs
 * the product in its own process it moves that process's clock to each week's Friday afternoon,
 * so every report is written in its week through the public API; against a running server only
 * this week and last week (still open) are written. Idempotent: a report that exists is left
 * alone (the API answers 409).
 */
import type { Enterprise, Page, Project } from '@shared/index';
import type {
  PersonalIssues,
  PersonalWeekly,
  ReportAddBody,
  ReportContent,
  WeeklyIssue,
} from '@shared/schemas/weekly';
import { clock } from '../../functions/src/core/clock';
import { ApiRequestError, ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, DEMO_PASSWORD, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const WEEKLY = `${BASE}/pmsProjectWeeklyReport`;
const DAY = 86_400_000;
const TIME_ZONE = 'Europe/Amsterdam';

/** Each project's template and members; who skips which week (0 = this week, 3 = three weeks ago). */
const PROJECTS = [
  {
    name: 'Fleet Console',
    templateId: 'simple',
    members: ['alice', 'bob', 'carol', 'dave', 'erin', 'hiro'],
    skips: { dave: 2, erin: 1, hiro: 0 } as Record<string, number>,
  },
  {
    name: 'Dock Firmware 4.0',
    templateId: 'form',
    members: ['alice', 'dave', 'farid', 'hiro', 'carol'],
    skips: { farid: 3, carol: 1 } as Record<string, number>,
  },
] as const;

/** This week's reports: these stay drafts. */
const DRAFTS_THIS_WEEK = new Set(['bob', 'farid']);

const DONE = [
  'Finished the zone editor and its validation',
  'Fixed the battery gauge rounding on the dashboard',
  'Reviewed the dock handshake timings with QA',
  'Paired on the map tile cache eviction',
  'Closed out the flaky charger integration tests',
];
const NEXT = [
  'Start the route replay view',
  'Measure boot time on the new board revision',
  'Write the upgrade notes for operators',
  'Prepare the pilot site checklist',
];
const SUPPORT = ['', 'A second reviewer for the firmware PRs', 'Test hardware for the Rotterdam pilot', ''];

const line = (list: readonly string[], n: number) => list[n % list.length]!;

/** The Monday of the week `weeksAgo` before `current` (a Monday). */
const mondayBefore = (current: string, weeksAgo: number) =>
  new Date(Date.parse(`${current}T00:00:00Z`) - weeksAgo * 7 * DAY).toISOString().slice(0, 10);

interface Writer {
  login: string;
  api: ApiSession;
}

/** `login` signed in afresh at a moved clock (`moved`), or their session of the real time. */
async function writerAt(
  baseUrl: string,
  login: string,
  moved: boolean,
  session: ApiSession,
): Promise<Writer> {
  if (!moved) return { login, api: session };
  const api = new ApiSession(baseUrl);
  await api.post('/api/auth/signin', { login, password: DEMO_PASSWORD });
  return { login, api };
}

function reportBody(
  project: Project,
  templateId: string,
  weekStart: string,
  mine: PersonalIssues,
  n: number,
  submit: boolean,
): ReportAddBody {
  const picked: { issue: WeeklyIssue; list: 'thisWeek' | 'nextWeek' }[] = [
    ...[...mine.finished, ...mine.inProgress]
      .slice(0, 3)
      .map((issue) => ({ issue, list: 'thisWeek' as const })),
    ...mine.nextWeek.slice(0, 2).map((issue) => ({ issue, list: 'nextWeek' as const })),
  ];
  const items = [...new Map(picked.map((p) => [p.issue.id, p])).values()].map(({ issue, list }) => ({
    issueId: issue.id,
    list,
    completion: issue.status === 3 || issue.status === 5 ? 100 : 20 + ((n * 17) % 60),
  }));
  const content: ReportContent =
    templateId === 'form'
      ? {
          thisWeek: [
            {
              majorItem: line(DONE, n),
              detail: 'See the linked items',
              department: 'Firmware',
              person: '',
              plannedCompletion: weekStart,
              actualCompletion: weekStart,
              progress: 100,
            },
          ],
          nextWeek: [
            {
              majorItem: line(NEXT, n),
              detail: '',
              department: 'Firmware',
              person: '',
              plannedCompletion: mondayBefore(weekStart, -1),
              actualCompletion: null,
              progress: 0,
            },
          ],
        }
      : { thisWeek: line(DONE, n), nextWeek: line(NEXT, n + 1), support: line(SUPPORT, n) };
  return { pmsProjectId: project.id, weekStart, templateId, content, items, submit };
}

async function ensureSettings(owner: ApiSession): Promise<void> {
  const enterprise = await owner.get<Enterprise>(`/api/pms/pmsEnterprise/${DEMO_IDENTIFIER}`);
  if (enterprise.timeZone !== TIME_ZONE) {
    await owner.put(`/api/pms/pmsEnterprise/${enterprise.id}`, {
      timeZone: TIME_ZONE,
      version: enterprise.version,
    });
  }
  const templates = await owner.get<{ name: string }[]>(`${WEEKLY}/templates`);
  if (!templates.some((t) => t.name === 'Release status')) {
    await owner.post(`${WEEKLY}/templates`, {
      name: 'Release status',
      sections: [
        { key: 'shipped', title: 'Shipped', kind: 'text', items: 'thisWeek' },
        { key: 'risks', title: 'Risks and blockers', kind: 'table' },
        { key: 'next', title: 'Next release', kind: 'text', items: 'nextWeek' },
      ],
    });
  }
}

/** Writes one report, unless it exists; true when it was written. */
async function write(writer: Writer, body: ReportAddBody): Promise<boolean> {
  try {
    await writer.api.post(`${WEEKLY}/add`, body);
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return false;
    throw error;
  }
}

/** Seeds the weekly reports; `controlsClock` when the product runs in this process. Returns how many were written. */
export async function seedWeekly(
  seed: FoundationSeed,
  baseUrl: string,
  controlsClock: boolean,
): Promise<number> {
  await ensureSettings(seed.owner);
  const projects = await seed.owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  const { week } = await seed.owner.get<PersonalWeekly>(`${WEEKLY}/personal`);
  // The past weeks are written in their own Friday afternoon; without the clock only last week is still open.
  const weeks = controlsClock ? [3, 2, 1, 0] : [1, 0];
  let written = 0;
  try {
    for (const weeksAgo of weeks) {
      const weekStart = mondayBefore(week.weekStart, weeksAgo);
      const friday = weeksAgo === 0 || !controlsClock ? null : Date.parse(`${weekStart}T14:00:00Z`) + 4 * DAY;
      if (controlsClock) clock.now = friday === null ? () => Date.now() : () => friday;
      for (const spec of PROJECTS) {
        const project = projects.rows.find((p) => p.name === spec.name);
        if (!project) continue;
        for (const [n, login] of spec.members.entries()) {
          if (spec.skips[login] === weeksAgo) continue;
          const session = seed.sessions.get(login);
          if (!session) continue;
          const writer = await writerAt(baseUrl, login, friday !== null, session);
          const mine = await writer.api.get<PersonalIssues>(
            `${WEEKLY}/personalIssueList?pmsProjectId=${project.id}&weekStart=${weekStart}`,
          );
          const submit = weeksAgo > 0 || !DRAFTS_THIS_WEEK.has(login);
          if (
            await write(writer, reportBody(project, spec.templateId, weekStart, mine, n + weeksAgo, submit))
          )
            written += 1;
        }
      }
    }
  } finally {
    if (controlsClock) clock.now = () => Date.now();
  }
  return written;
}
