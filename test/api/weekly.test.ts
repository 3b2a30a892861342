/**
 * Weekly reports through the API, with the server's clock moved to scripted moments of March 2026
 * (functions/src/core/clock; those days lie before the real time, so the sessions stay valid).
 * The enterprise works in Asia/Shanghai (UTC+8): the week of 2026-03-02 runs from
 * 2026-03-01T16:00Z to 2026-03-08T16:00Z, and closes for reports at 2026-03-15T16:00Z.
 *
 * History of the project in the week of March 2 (Shanghai time):
 *   Mon 10:00  demand D (Ann), task T (Ann), bug B (Bob) created
 *   Wed 10:00  T closed; B in progress; D closed
 *   Thu 10:00  D reopened (so it is not closed any more); sprint S completed; sheet completed
 *   Thu 11:00  B given an end date of Wednesday (overdue); D a start date of next Tuesday (planned)
 *   Sun 23:30  task L created (still this week)
 *   Mon 00:10  bug N created (the next week)
 */
import type { IssueDetail } from '@shared/schemas/issues';
import type { Sprint } from '@shared/schemas/sprints';
import type { Sheet } from '@shared/schemas/testruns';
import type {
  PersonalIssues,
  PersonalWeekly,
  ProjectIssuePage,
  ReportDetail,
  TeamWeekly,
  Template,
} from '@shared/schemas/weekly';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { runSchedule } from '../../functions/src/core/jobs/jobs';
import {
  atInstant,
  builtInRole,
  createRole,
  expectStatus,
  type Res,
  setRoles,
  type TestUser,
} from './helpers';
import { createIssue, createTeam, editIssue, type Team } from './issue-fixtures';

/** `call`'s data with the server's clock stopped at `iso`, once it answered `status`. */
async function dataAt<T>(iso: string, status: number, call: () => Promise<Res<T>>): Promise<T> {
  return expectStatus(await at(iso, call), status).data;
}

const at = atInstant;

const WEEK = '2026-03-02';
const NEXT_WEEK = '2026-03-09';
/** Friday 17:00 in Shanghai, the week of March 2: the reports are being written. */
const FRIDAY = '2026-03-06T09:00:00Z';

let team: Team;
let ann: TestUser;
let bob: TestUser;
let cara: TestUser;
let weekly: string;
const items: Record<string, IssueDetail> = {};

const report = (id: string) => `${weekly}/${encodeURIComponent(id)}`;

async function edit(key: string, changes: Record<string, unknown>): Promise<void> {
  items[key] = expectStatus(await editIssue(team.owner, team, items[key]!, changes), 200).data;
}

beforeAll(async () => {
  team = await createTeam(3, ['Ann', 'Bob', 'Cara']);
  [ann, bob, cara] = team.members as [TestUser, TestUser, TestUser];
  const { enterprise } = team;
  weekly = `/api/pms/${enterprise.enterpriseIdentifier}/pmsProjectWeeklyReport`;
  expectStatus(
    await team.owner.client.put(`/api/pms/pmsEnterprise/${enterprise.id}`, {
      timeZone: 'Asia/Shanghai',
      version: enterprise.version,
    }),
    200,
  );
  const pms = `/api/pms/${enterprise.enterpriseIdentifier}`;
  await at('2026-03-02T02:00:00Z', async () => {
    items.D = await createIssue(team.owner, team, {
      pmIssueType: 1,
      title: 'Demand D',
      assigneeId: ann.userId,
    });
    items.T = await createIssue(team.owner, team, {
      pmIssueType: 2,
      title: 'Task T',
      assigneeId: ann.userId,
    });
    items.B = await createIssue(team.owner, team, { pmIssueType: 3, title: 'Bug B', assigneeId: bob.userId });
  });
  let sprint!: Sprint;
  let sheet!: Sheet;
  await at('2026-03-04T02:00:00Z', async () => {
    await edit('T', { status: 5 });
    await edit('B', { status: 2 });
    await edit('D', { status: 5 });
    sprint = expectStatus(
      await team.owner.client.post<Sprint>(`${pms}/pmsProjectSprint`, {
        pmsProjectId: team.project.id,
        name: 'Sprint S',
        startDate: '2026-03-02',
        endDate: '2026-03-06',
      }),
      201,
    ).data;
    sprint = expectStatus(
      await team.owner.client.put<Sprint>(`${pms}/pmsProjectSprint/${sprint.id}`, {
        version: sprint.version,
        status: 1,
      }),
      200,
    ).data;
    sheet = expectStatus(
      await team.owner.client.post<Sheet>(`${pms}/pmsProjectTestsheet`, {
        pmsProjectId: team.project.id,
        name: 'Sheet',
      }),
      201,
    ).data;
  });
  await at('2026-03-05T02:00:00Z', async () => {
    await edit('D', { status: 1 });
    expectStatus(
      await team.owner.client.put(`${pms}/pmsProjectSprint/${sprint.id}/complete`, {
        version: sprint.version,
        choice: 2,
      }),
      200,
    );
    expectStatus(
      await team.owner.client.put(`${pms}/pmsProjectTestsheet/${sheet.id}`, {
        version: sheet.version,
        status: 2,
      }),
      200,
    );
  });
  await at('2026-03-05T03:00:00Z', async () => {
    await edit('B', { endDate: '2026-03-04' });
    await edit('D', { startDate: '2026-03-10' });
  });
  await at('2026-03-08T15:30:00Z', async () => {
    items.L = await createIssue(team.owner, team, {
      pmIssueType: 2,
      title: 'Late task L',
      assigneeId: ann.userId,
    });
  });
  await at('2026-03-08T16:10:00Z', async () => {
    items.N = await createIssue(team.owner, team, { pmIssueType: 3, title: 'Next bug N' });
  });
});

afterAll(() => {
  clock.now = Date.now;
});

const WEEK_COUNTS = {
  this_week_requirement_issues_count: 1,
  this_week_task_issues_count: 2,
  this_week_bug_issues_count: 1,
  close_requirement_issues_count: 0,
  close_task_issues_count: 1,
  close_bug_issues_count: 0,
  this_week_complete_sprint_count: 1,
  this_week_complete_test_sheet_count: 1,
};

describe('the counts and the items of a week', () => {
  const teamWeek = (iso: string, query = '') =>
    dataAt(iso, 200, () =>
      team.owner.client.get<TeamWeekly>(`${weekly}/projectTeam?pmsProjectId=${team.project.id}${query}`),
    );
  const personalIssues = (who: TestUser, iso: string) =>
    dataAt(iso, 200, () =>
      who.client.get<PersonalIssues>(`${weekly}/personalIssueList?pmsProjectId=${team.project.id}`),
    );

  it('counts the scripted history exactly, in the enterprise time zone', async () => {
    const week = await teamWeek(FRIDAY, `&weekStart=${WEEK}`);
    // The project's week is report kind 5 (a member's report is kind 4).
    expect(week.kind).toBe(5);
    expect(week.counts).toEqual({ ...WEEK_COUNTS, project_info: { projectName: team.project.name } });
    expect(week.week).toMatchObject({
      weekStart: WEEK,
      weekEnd: '2026-03-08',
      timeZone: 'Asia/Shanghai',
      startsAt: '2026-03-01T16:00:00.000Z',
      endsAt: '2026-03-08T16:00:00.000Z',
      state: 'current',
    });
    // Monday 00:10 in Shanghai belongs to the next week.
    const next = await teamWeek('2026-03-10T02:00:00Z');
    expect(next.week.weekStart).toBe(NEXT_WEEK);
    expect(next.counts).toMatchObject({ this_week_bug_issues_count: 1, this_week_task_issues_count: 0 });
    // The chart's weeks: eight, oldest first, the chosen week last, the week before it beside.
    expect(next.trend).toHaveLength(8);
    expect(next.trend.map((t) => t.weekStart).slice(-2)).toEqual([WEEK, NEXT_WEEK]);
    expect(next.trend.at(-2)!.counts).toMatchObject(WEEK_COUNTS);
  });

  it("lists a member's items of the week by category", async () => {
    const mine = await personalIssues(ann, FRIDAY);
    expect(mine.finished.map((i) => i.title)).toEqual(['Task T']);
    expect(mine.inProgress).toEqual([]);
    expect(mine.planned).toEqual([]);
    expect(mine.nextWeek.map((i) => i.title)).toEqual(['Demand D']);
    expect(mine.overdue).toEqual([]);
    const bobs = await personalIssues(bob, FRIDAY);
    expect(bobs.inProgress.map((i) => i.title)).toEqual(['Bug B']);
    expect(bobs.overdue.map((i) => i.title)).toEqual(['Bug B']);
    expect(bobs.nextWeek).toEqual([]);
    // While the week goes on, an item is overdue only once its end date has passed: not on Tuesday.
    const tuesday = await personalIssues(bob, '2026-03-03T02:00:00Z');
    expect(tuesday.overdue).toEqual([]);
  });

  it("lists the project's items of the week by category, a page at a time", async () => {
    const created = await dataAt(FRIDAY, 200, () =>
      team.owner.client.get<ProjectIssuePage>(
        `${weekly}/projectIssueList?pmsProjectId=${team.project.id}&weekStart=${WEEK}&category=created&pageSize=2`,
      ),
    );
    // D, T and B, and L (Sunday 23:30 in Shanghai), but not N (Monday 00:10).
    expect(created).toMatchObject({
      total: 4,
      pageSize: 2,
      categories: { created: 4, finished: 1, inProgress: 1, overdue: 1, nextWeek: 1 },
    });
    expect(created.rows).toHaveLength(2);
    const refused = await team.owner.client.get(
      `${weekly}/projectIssueList?pmsProjectId=${team.project.id}&category=someday`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toMatch(/^category: /);
  });
});

describe("a member's report", () => {
  let annReport: ReportDetail;
  const editPath = () => `${weekly}/edit/${encodeURIComponent(annReport.id)}`;

  it('is written from the two-table template with picked items, as a draft', async () => {
    annReport = await dataAt(FRIDAY, 201, () =>
      ann.client.post<ReportDetail>(`${weekly}/add`, {
        pmsProjectId: team.project.id,
        templateId: 'form',
        content: { thisWeek: [{ majorItem: 'Release 1.2', detail: 'Shipped to staging', progress: 80 }] },
        items: [
          { issueId: items.T!.id, list: 'thisWeek', completion: 100 },
          { issueId: items.D!.id, list: 'nextWeek' },
        ],
      }),
    );
    expect(annReport).toMatchObject({
      kind: 4,
      weekStart: WEEK,
      status: 'draft',
      templateName: 'Two-table form',
      frozen: false,
      editable: true,
      content: { thisWeek: [{ majorItem: 'Release 1.2', progress: 80, department: '' }], nextWeek: [] },
      items: [
        {
          issueId: items.T!.id,
          list: 'thisWeek',
          completion: 100,
          issue: { title: 'Task T', statusName: 'Closed' },
        },
        { issueId: items.D!.id, list: 'nextWeek', completion: 0 },
      ],
    });
    expect(annReport.counts).toMatchObject(WEEK_COUNTS);
    expect(annReport.history.map((h) => h.action)).toEqual(['created']);
  });

  it('refuses bad input with a 4xx naming the problem, and writes nothing', async () => {
    const tries: [TestUser, Record<string, unknown>, number, RegExp][] = [
      // A second report for the same member, project and week.
      [ann, { templateId: 'simple' }, 409, /already have a weekly report/],
      [
        bob,
        { templateId: 'simple', weekStart: NEXT_WEEK },
        400,
        /^weekStart: The week of 2026-03-09 is in the future/,
      ],
      [bob, { templateId: 'simple', weekStart: '2026-03-03' }, 400, /^weekStart: WeekStart must be a Monday/],
      [bob, { templateId: 'nonesuch' }, 400, /^templateId: There is no template nonesuch/],
      [bob, { templateId: 'simple', content: { risks: 'x' } }, 400, /^content\.risks: /],
      [
        bob,
        { templateId: 'simple', items: [{ issueId: 'nope', list: 'thisWeek' }] },
        400,
        /^items\.0\.issueId: /,
      ],
      [team.outsider, { templateId: 'simple' }, 403, /not a member of project/],
    ];
    for (const [who, body, status, message] of tries) {
      const res = await at(FRIDAY, () =>
        who.client.post(`${weekly}/add`, { pmsProjectId: team.project.id, ...body }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.errorMessage).toMatch(message);
    }
    // Only Ann's draft exists, and a draft is its author's: the owner sees none.
    const list = await dataAt(FRIDAY, 200, () =>
      team.owner.client.get(`${weekly}/list?pmsProjectId=${team.project.id}`),
    );
    expect(list.total).toBe(0);
    const own = await dataAt(FRIDAY, 200, () => ann.client.get<ReportDetail>(report(annReport.id)));
    expect(own.history).toHaveLength(1);
    const peek = await at(FRIDAY, () => bob.client.get(report(annReport.id)));
    expect(peek.status).toBe(403);
  });

  it('freezes the counts and the items on submit; later changes leave the report as it was', async () => {
    const submitted = await dataAt(FRIDAY, 200, () =>
      ann.client.put<ReportDetail>(editPath(), { version: annReport.version, submit: true }),
    );
    expect(submitted).toMatchObject({ status: 'submitted', frozen: true });
    expect(submitted.submittedAt).toBe(new Date(FRIDAY).toISOString());
    // After the submit (still in the week): Task T is renamed and reopened, a new bug appears.
    await at('2026-03-07T02:00:00Z', async () => {
      await edit('T', { title: 'Task T renamed', status: 1 });
      await createIssue(team.owner, team, { pmIssueType: 3, title: 'Saturday bug' });
    });
    const later = await dataAt('2026-03-07T03:00:00Z', 200, () =>
      team.owner.client.get<ReportDetail>(report(annReport.id)),
    );
    expect(later.counts).toMatchObject(WEEK_COUNTS);
    expect(later.items[0]!.issue).toMatchObject({ title: 'Task T', statusName: 'Closed' });
    // The team view counts what is true now.
    const live = await dataAt('2026-03-07T03:00:00Z', 200, () =>
      team.owner.client.get<TeamWeekly>(`${weekly}/projectTeam?pmsProjectId=${team.project.id}`),
    );
    expect(live.counts).toMatchObject({ close_task_issues_count: 0, this_week_bug_issues_count: 2 });
    expect(live).toMatchObject({ submitted: 1, missing: 3 });
    expect(live.members.find((m) => m.user.userId === ann.userId)!.report).toMatchObject({
      status: 'submitted',
    });
    annReport = later;
  });

  it('keeps the text editable after the submit, every edit in the history; the items stay', async () => {
    const edited = await dataAt('2026-03-07T04:00:00Z', 200, () =>
      ann.client.put<ReportDetail>(editPath(), {
        version: annReport.version,
        content: { nextWeek: [{ majorItem: 'Release 1.3', plannedCompletion: '2026-03-13' }] },
      }),
    );
    expect(edited.content).toMatchObject({
      thisWeek: [{ majorItem: 'Release 1.2' }],
      nextWeek: [{ majorItem: 'Release 1.3', plannedCompletion: '2026-03-13' }],
    });
    expect(edited.history.map((h) => h.action)).toEqual(['created', 'submitted', 'edited']);
    expect(edited.history[0]!.content.nextWeek).toEqual([]);
    const moved = await at('2026-03-07T04:00:00Z', () =>
      ann.client.put(editPath(), {
        version: edited.version,
        items: [{ issueId: items.T!.id, list: 'nextWeek' }],
      }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.errorMessage).toMatch(/frozen since the report was submitted/);
    const stale = await at('2026-03-07T04:00:00Z', () =>
      ann.client.put(editPath(), { version: 1, content: {} }),
    );
    expect(stale.status).toBe(409);
    const others = await at('2026-03-07T04:00:00Z', () =>
      bob.client.put(editPath(), { version: edited.version }),
    );
    expect(others.status).toBe(403);
    annReport = edited;
  });

  it('sets the completion of a listed item, for those who may edit work items', async () => {
    const completion = (who: TestUser, memberWeeklyId: string, issueId: string, version: number) =>
      who.client.put<ReportDetail>(`${weekly}/issueCompletion`, {
        memberWeeklyId,
        issueId,
        completion: 40,
        version,
      });
    const done = await dataAt('2026-03-07T05:00:00Z', 200, () =>
      completion(ann, annReport.id, items.D!.id, annReport.version),
    );
    expect(done.items.find((i) => i.issueId === items.D!.id)).toMatchObject({ completion: 40 });
    expect(done.history.at(-1)).toMatchObject({ action: 'completion' });
    const unlisted = await at('2026-03-07T05:00:00Z', () =>
      completion(ann, annReport.id, items.B!.id, done.version),
    );
    expect(unlisted.status).toBe(404);
    expect(unlisted.body.errorMessage).toMatch(/not listed in this weekly report/);
    annReport = done;

    // Cara may write reports but not edit work items.
    const role = await createRole(team.owner, team.enterprise, [
      'project:weekly:list',
      'project:weekly:add',
      'project:weekly:edit',
      'project:weekly:remove',
      'project:issue:list',
    ]);
    await setRoles(team.owner, team.enterprise, cara, [role.roleId]);
    const caras = await dataAt('2026-03-07T05:00:00Z', 201, () =>
      cara.client.post<ReportDetail>(`${weekly}/add`, {
        pmsProjectId: team.project.id,
        templateId: 'simple',
        items: [{ issueId: items.B!.id, list: 'thisWeek' }],
      }),
    );
    const refused = await at('2026-03-07T05:00:00Z', () =>
      completion(cara, caras.id, items.B!.id, caras.version),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toMatch(/project:issue:edit/);
    const unchanged = await dataAt('2026-03-07T05:00:00Z', 200, () =>
      cara.client.get<ReportDetail>(report(caras.id)),
    );
    expect(unchanged.items[0]).toMatchObject({ completion: 0 });
    expect(unchanged.history).toHaveLength(1);
    // Her draft may be deleted while the week is open; a submitted report may not.
    await dataAt('2026-03-07T05:00:00Z', 200, () => cara.client.delete(report(caras.id)));
    const gone = await at('2026-03-07T05:00:00Z', () => cara.client.get(report(caras.id)));
    expect(gone.status).toBe(404);
    const kept = await at('2026-03-07T05:00:00Z', () => team.owner.client.delete(report(annReport.id)));
    expect(kept.status).toBe(409);
    const member = await builtInRole(team.owner, team.enterprise, 'member');
    await setRoles(team.owner, team.enterprise, cara, [member.roleId]);
  });

  it("carries last week's plan into this week's planned items", async () => {
    const mine = await dataAt('2026-03-10T02:00:00Z', 200, () =>
      ann.client.get<PersonalIssues>(`${weekly}/personalIssueList?pmsProjectId=${team.project.id}`),
    );
    expect(mine.week.weekStart).toBe(NEXT_WEEK);
    expect(mine.planned.map((i) => i.title)).toEqual(['Demand D']);
    expect(mine.plannedNotes).toBe('1. Release 1.3');
  });

  it('refuses every change once the week has closed (Monday 00:00 of the week after next)', async () => {
    const closed = '2026-03-15T16:00:00Z';
    const tries = [
      () => ann.client.put(editPath(), { version: annReport.version, content: {} }),
      () =>
        ann.client.put(`${weekly}/issueCompletion`, {
          memberWeeklyId: annReport.id,
          issueId: items.D!.id,
          completion: 90,
          version: annReport.version,
        }),
      () =>
        bob.client.post(`${weekly}/add`, {
          pmsProjectId: team.project.id,
          templateId: 'simple',
          weekStart: WEEK,
        }),
    ];
    for (const attempt of tries) {
      const res = await at(closed, attempt);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.errorMessage).toMatch(/week of 2026-03-02 closed/);
    }
    // A second earlier it was still open.
    const lastMoment = await dataAt('2026-03-15T15:59:59Z', 200, () =>
      ann.client.get<ReportDetail>(report(annReport.id)),
    );
    expect(lastMoment).toMatchObject({ editable: true, version: annReport.version });
    const after = await dataAt(closed, 200, () => ann.client.get<ReportDetail>(report(annReport.id)));
    expect(after).toMatchObject({ editable: false, week: { state: 'closed' } });
  });
});

describe('reminders', () => {
  const personal = (who: TestUser, iso: string) =>
    dataAt(iso, 200, () => who.client.get<PersonalWeekly>(`${weekly}/personal`));
  const submit = (who: TestUser, iso: string) =>
    dataAt(iso, 201, () =>
      who.client.post(`${weekly}/add`, { pmsProjectId: team.project.id, templateId: 'simple', submit: true }),
    );

  it('reminds, at Friday 17:00 in the enterprise time zone, those who have not submitted; twice is once', async () => {
    // Friday 16:55 in Shanghai (08:55 UTC): not yet.
    await at('2026-03-13T08:55:00Z', () => runSchedule('weekly', 'reminders'));
    expect((await personal(bob, '2026-03-13T08:56:00Z')).notices).toEqual([]);
    // Ann submits the week of March 9 in time.
    await submit(ann, '2026-03-13T08:57:00Z');
    await at('2026-03-13T09:05:00Z', () => runSchedule('weekly', 'reminders'));
    await at('2026-03-13T09:20:00Z', () => runSchedule('weekly', 'reminders'));
    const bobs = await personal(bob, '2026-03-13T09:30:00Z');
    expect(bobs.notices).toHaveLength(1);
    expect(bobs.notices[0]).toMatchObject({
      pmsProjectId: team.project.id,
      weekStart: NEXT_WEEK,
      kind: 'reminder',
    });
    const anns = await personal(ann, '2026-03-13T09:30:00Z');
    expect(anns.notices).toEqual([]);
    // Her reports across her projects: this project's, submitted; she leads none.
    expect(anns.reports).toEqual([
      {
        project: { id: team.project.id, name: team.project.name },
        report: expect.objectContaining({ weekStart: NEXT_WEEK, status: 'submitted' }),
      },
    ]);
    expect(anns.led).toEqual([]);
    // The owner manages the project (and wrote nothing): reminded too, and sees the team's count.
    const owners = await personal(team.owner, '2026-03-13T09:30:00Z');
    expect(owners.notices).toHaveLength(1);
    expect(owners.led).toEqual([
      expect.objectContaining({
        project: { id: team.project.id, name: team.project.name },
        members: 4,
        submitted: 1,
      }),
    ]);
    // Once Bob submits, his reminder is answered.
    await submit(bob, '2026-03-13T10:00:00Z');
    expect((await personal(bob, '2026-03-13T10:01:00Z')).notices).toEqual([]);
  });

  it('lets a manager remind now, and nobody else', async () => {
    const reminded = await dataAt('2026-03-13T10:05:00Z', 200, () =>
      team.owner.client.post(`${weekly}/remind`, { pmsProjectId: team.project.id }),
    );
    expect(reminded.reminded.map((u: { userId: string }) => u.userId).sort()).toEqual(
      [team.owner.userId, cara.userId].sort(),
    );
    const refused = await at('2026-03-13T10:05:00Z', () =>
      bob.client.post(`${weekly}/remind`, { pmsProjectId: team.project.id }),
    );
    expect(refused.status).toBe(403);
  });
});

describe('the enterprise time zone setting', () => {
  it('takes IANA names only, and says so', async () => {
    const path = `/api/pms/pmsEnterprise/${team.enterprise.id}`;
    const current = expectStatus(
      await team.owner.client.get(`/api/pms/pmsEnterprise/${team.enterprise.enterpriseIdentifier}`),
      200,
    ).data;
    expect(current).toMatchObject({
      timeZone: 'Asia/Shanghai',
      weeklyReminderDay: 5,
      weeklyReminderTime: '17:00',
    });
    for (const timeZone of ['Mars/Olympus_Mons', '+08:00', 'CST']) {
      const res = await team.owner.client.put(path, { timeZone, version: current.version });
      expect(res.status, timeZone).toBe(400);
      expect(res.body.errorMessage).toMatch(/^timeZone: TimeZone must be an IANA time zone/);
    }
    const late = await team.owner.client.put(path, { weeklyReminderTime: '25:00', version: current.version });
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toMatch(/^weeklyReminderTime: /);
  });
});

describe('templates and the export', () => {
  it('lets administrators add a template, which reports copy, and delete it', async () => {
    const added = expectStatus(
      await team.owner.client.post<Template>(`${weekly}/templates`, {
        name: 'Risks and wins',
        sections: [
          { key: 'wins', title: 'Wins', kind: 'text', items: 'thisWeek' },
          { key: 'risks', title: 'Risks', kind: 'table' },
        ],
      }),
      201,
    ).data;
    const twice = await team.owner.client.post(`${weekly}/templates`, {
      name: 'Twice',
      sections: [
        { key: 'a', title: 'A', kind: 'text', items: 'thisWeek' },
        { key: 'b', title: 'B', kind: 'text', items: 'thisWeek' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errorMessage).toMatch(/^sections\.1\.items: /);
    const templates = expectStatus(await cara.client.get<Template[]>(`${weekly}/templates`), 200).data;
    expect(templates.map((t) => t.name)).toEqual(['Simple summary', 'Two-table form', 'Risks and wins']);
    const written = await dataAt('2026-03-13T11:00:00Z', 201, () =>
      cara.client.post<ReportDetail>(`${weekly}/add`, {
        pmsProjectId: team.project.id,
        templateId: added.id,
        content: { wins: 'All green', risks: [{ majorItem: 'Vendor delay' }] },
        submit: true,
      }),
    );
    expectStatus(await team.owner.client.delete(`${weekly}/templates/${added.id}`), 200);
    const builtIn = await team.owner.client.delete(`${weekly}/templates/form`);
    expect(builtIn.status).toBe(409);
    const kept = await dataAt('2026-03-13T11:00:00Z', 200, () =>
      cara.client.get<ReportDetail>(report(written.id)),
    );
    expect(kept.sections.map((s) => s.title)).toEqual(['Wins', 'Risks']);
  });

  it("exports the project's week as .xlsx", async () => {
    const res = await at('2026-03-13T12:00:00Z', () =>
      team.owner.client.raw('GET', `${weekly}/export?pmsProjectId=${team.project.id}&weekStart=${WEEK}`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheets = await readXlsxFile(Buffer.from(await res.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Reports', 'Items']);
    const [summary, reports] = sheets as unknown as [{ data: unknown[][] }, { data: unknown[][] }];
    expect(summary.data).toContainEqual(['Tasks created', 2]);
    expect(summary.data).toContainEqual(['Iterations completed', 1]);
    const texts = reports.data.map((row) => row[3]);
    expect(texts).toContain('Release 1.2');
    expect(texts).toContain(`#${items.T!.issueNumber} Task T`);
  });
});
