/**
 * Demo work desks: every seeded person gets a few todos of their own (one overdue, one due today,
 * one next week, one undated, one already ticked), at least one overdue and one due-soon item of
 * their own (an end date moved on one of their unfinished items when the random projects gave them
 * none), and colleagues' comments mentioning them (`@login`) on items in their projects.
 * Idempotent: a person who has todos, or mentions, is left alone for that part.
 */

import type { IssueDetail, IssueRow, Page, Project, UserSummary } from '@shared/index';
import type { DeskTodo, MyIssuesPage, Todo } from '@shared/schemas/dashboard';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const DAY = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const TODOS = [
  { title: 'Send the robot rollout checklist to the site lead', dueDate: -1 },
  { title: 'Review the on-call rota for next month', dueDate: 0 },
  { title: 'Prepare the demo for the customer steering meeting', dueDate: 6 },
  { title: 'Read the new safety guidelines', dueDate: null },
  { title: 'Book the room for the sprint review', dueDate: -2, done: true },
] as const;

const MENTIONS = [
  '@{login} could you take a look at this before Friday?',
  'Looping in @{login}: you know this part best.',
  '@{login} this blocks the release, can we pair on it tomorrow?',
];

async function seedTodos(session: ApiSession): Promise<number> {
  const desk = await session.get<DeskTodo>(`${BASE}/todo`);
  if (desk.own.length > 0) return 0;
  for (const todo of TODOS) {
    const created = await session.post<Todo>(`${BASE}/todo`, {
      title: todo.title,
      dueDate: todo.dueDate === null ? null : dayFromNow(todo.dueDate),
    });
    if ('done' in todo)
      await session.put(`${BASE}/todo/${created.id}`, { version: created.version, done: true });
  }
  return TODOS.length;
}

/** Moves the end date of one of the person's unfinished items so they have an overdue and a due-soon one. */
async function ensureUrgentItems(session: ApiSession): Promise<void> {
  const mine = await session.get<MyIssuesPage>(`${BASE}/myProjectIssues?relation=assigned&pageSize=50`);
  const wanted: [keyof MyIssuesPage['counts'], number][] = [
    ['overdue', -3],
    ['dueSoon', 1],
  ];
  const spare = mine.rows.filter((row) => row.due === 'later' || row.due === 'none');
  for (const [state, days] of wanted) {
    const row = mine.counts[state] === 0 ? spare.shift() : undefined;
    if (!row) continue;
    const item = await session.get<IssueDetail>(`${BASE}/pmsProjectIssues/${row.id}`);
    const endDate = dayFromNow(days);
    await session.put(`${BASE}/pmsProjectIssues/edit/${row.id}`, {
      version: item.version,
      endDate,
      ...(item.startDate && item.startDate > endDate ? { startDate: endDate } : {}),
    });
  }
}

/** Colleagues mention the person on two unfinished items of a shared project they do not hold. */
async function seedMentions(seed: FoundationSeed, login: string, projects: Project[]): Promise<void> {
  const session = seed.sessions.get(login)!;
  const desk = await session.get<MyIssuesPage>(`${BASE}/myProjectIssues?relation=mentioned`);
  if (desk.counts.mentioned > 0) return;
  for (const project of projects) {
    const members = await seed.owner.get<UserSummary[]>(
      `${BASE}/pmsProject/userList?pmsProjectId=${project.id}`,
    );
    const me = members.find((m) => m.login === login);
    const colleague = members.find((m) => m.login !== login && seed.sessions.has(m.login));
    if (!me || !colleague) continue;
    const open = await seed.owner.get<Page<IssueRow>>(
      `${BASE}/pmsProjectIssues/list?pmsProjectId=${project.id}&status=1,2&pageSize=30`,
    );
    const others = open.rows.filter(
      (row) => row.assignee?.userId !== me.userId && row.author.userId !== me.userId,
    );
    for (const [i, row] of others.slice(0, 2).entries()) {
      await seed.sessions.get(colleague.login)!.post(`${BASE}/pmsProjectIssues/journals/${row.id}`, {
        notes: MENTIONS[i]!.replace('{login}', login),
      });
    }
    return;
  }
}

/** Seeds every person's desk; answers how many todos were added. */
export async function seedDesks(seed: FoundationSeed): Promise<number> {
  const projects = (await seed.owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`)).rows.filter(
    (p) => p.status !== 0,
  );
  let todos = 0;
  for (const [login, session] of seed.sessions) {
    todos += await seedTodos(session);
    await ensureUrgentItems(session);
    await seedMentions(seed, login, projects);
  }
  return todos;
}
