import { describe, expect, it } from 'vitest';
import type { IssueRecord } from '../issues';
import { burnDownSeries, daysBetween } from './burndown-series';
import { type SprintLogEntry, sprintLogEntries } from './store/sprint-log';

const SPRINT = 'p1.s1';
const OTHER = 'p1.s2';

function issue(issueId: string, patch: Partial<IssueRecord> = {}): IssueRecord {
  return {
    issueId,
    projectId: 'p1',
    issueNumber: 1,
    pmIssueType: 2,
    title: issueId,
    status: 1,
    priority: 3,
    assigneeId: null,
    authorId: 'u1',
    tagIds: [],
    startDate: null,
    endDate: null,
    estimatedHours: null,
    parentId: null,
    sprintId: SPRINT,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    closedAt: null,
    version: 1,
    rev: 1,
    ...patch,
  };
}

/** A scripted log: the states of items after each write, one write per line. */
let seq = 0;
function entry(
  issueId: string,
  at: string,
  state: { inSprint?: boolean; unfinished?: boolean; estimate?: number | null },
): SprintLogEntry {
  seq += 1;
  return {
    sprintId: SPRINT,
    issueId,
    at,
    seq,
    inSprint: state.inSprint ?? true,
    unfinished: state.unfinished ?? true,
    estimate: state.estimate ?? null,
    pmIssueType: 2,
    status: state.unfinished === false ? 3 : 1,
  };
}

// Sprint 2026-03-02..06. Before the start a (3 h), b (5 h), c (8 h) and d (no estimate) are
// planned; day 1 a is closed; day 2 e (2 h) is added and a reopened; day 3 b and c are
// finished; day 4 d is taken out; day 5 nothing happens.
const HISTORY: SprintLogEntry[] = [
  entry('a', '2026-03-01T09:00:00.000Z', { estimate: 3 }),
  entry('b', '2026-03-01T09:00:00.000Z', { estimate: 5 }),
  entry('c', '2026-03-01T10:00:00.000Z', { estimate: 8 }),
  entry('d', '2026-03-01T23:59:59.999Z', {}),
  entry('a', '2026-03-02T12:00:00.000Z', { estimate: 3, unfinished: false }),
  entry('e', '2026-03-03T00:00:00.000Z', { estimate: 2 }),
  entry('a', '2026-03-03T15:00:00.000Z', { estimate: 3 }),
  entry('b', '2026-03-04T10:00:00.000Z', { estimate: 5, unfinished: false }),
  entry('c', '2026-03-04T11:00:00.000Z', { estimate: 8, unfinished: false }),
  entry('d', '2026-03-05T10:00:00.000Z', { inSprint: false }),
];

const column = (days: ReturnType<typeof burnDownSeries>, field: keyof (typeof days)[number]) =>
  days.map((day) => day[field]);

describe('burnDownSeries', () => {
  it('replays a scripted sprint into exact daily values', () => {
    const days = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      today: '2026-03-06',
      entries: [...HISTORY].reverse(),
    });
    expect(column(days, 'date')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(column(days, 'remaining')).toEqual([3, 5, 3, 2, 2]);
    expect(column(days, 'remainingEstimate')).toEqual([13, 18, 5, 5, 5]);
    expect(column(days, 'ideal')).toEqual([3, 2.25, 1.5, 0.75, 0]);
    expect(column(days, 'idealEstimate')).toEqual([13, 9.75, 6.5, 3.25, 0]);
    expect(column(days, 'added')).toEqual([0, 1, 0, 0, 0]);
    expect(column(days, 'removed')).toEqual([0, 0, 0, 1, 0]);
    expect(column(days, 'finished')).toEqual([1, 0, 2, 0, 0]);
  });

  it('leaves the days after today null, ideal line included as planned', () => {
    const days = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      today: '2026-03-04',
      entries: HISTORY,
    });
    expect(column(days, 'remaining')).toEqual([3, 5, 3, null, null]);
    expect(column(days, 'remainingEstimate')).toEqual([13, 18, 5, null, null]);
    expect(column(days, 'ideal')).toEqual([3, 2.25, 1.5, 0.75, 0]);
    expect(column(days, 'removed')).toEqual([0, 0, 0, 0, 0]);
  });

  it('starts the ideal line from the scope committed when the sprint started', () => {
    const days = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      today: '2026-03-06',
      entries: HISTORY,
      startedAt: '2026-03-02T08:00:00.000Z',
    });
    // At 08:00 on day one the four planned items (16 h) were all unfinished; A closed at noon.
    expect(column(days, 'ideal')).toEqual([4, 3, 2, 1, 0]);
    expect(column(days, 'idealEstimate')).toEqual([16, 12, 8, 4, 0]);
    expect(column(days, 'remaining')[0]).toBe(3);
  });

  it('draws the planned scope of a sprint that has not started', () => {
    const days = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      today: '2026-03-01',
      entries: HISTORY.slice(0, 4),
    });
    expect(column(days, 'remaining')).toEqual([null, null, null]);
    expect(column(days, 'ideal')).toEqual([4, 2, 0]);
    expect(column(days, 'idealEstimate')).toEqual([16, 8, 0]);
  });

  it('keeps the first value for a one-day sprint, and zeros for an empty log', () => {
    const one = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      today: '2026-03-09',
      entries: HISTORY,
    });
    expect(one).toEqual([
      {
        date: '2026-03-02',
        remaining: 3,
        remainingEstimate: 13,
        ideal: 3,
        idealEstimate: 13,
        added: 0,
        removed: 0,
        finished: 1,
      },
    ]);
    const empty = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      today: '2026-03-03',
      entries: [],
    });
    expect(column(empty, 'remaining')).toEqual([0, 0]);
    expect(column(empty, 'ideal')).toEqual([0, 0]);
  });

  it('orders writes that share a time by their change-log position', () => {
    const at = '2026-03-02T08:00:00.000Z';
    const closed = entry('x', at, { unfinished: false });
    const reopened = entry('x', at, {});
    const days = burnDownSeries({
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      today: '2026-03-02',
      entries: [reopened, closed],
    });
    expect(column(days, 'remaining')).toEqual([1]);
    expect(column(days, 'added')).toEqual([1]);
  });
});

describe('daysBetween', () => {
  it('walks UTC days across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('sprintLogEntries', () => {
  const at = '2026-03-02T08:00:00.000Z';

  it('logs nothing for an edit no sprint cares about', () => {
    const before = issue('a', { estimatedHours: 2 });
    expect(sprintLogEntries({ before, after: { ...before, title: 'renamed', priority: 1 } }, at)).toEqual([]);
    const outside = issue('b', { sprintId: null });
    expect(
      sprintLogEntries({ before: outside, after: { ...outside, status: 3, estimatedHours: 4 } }, at),
    ).toEqual([]);
  });

  it('logs a move for both sprints, and status and estimate changes inside one', () => {
    const before = issue('a', { estimatedHours: 2 });
    const moved = sprintLogEntries({ before, after: { ...before, sprintId: OTHER } }, at, 7);
    expect(moved.map((e) => [e.sprintId, e.inSprint, e.unfinished, e.estimate, e.seq])).toEqual([
      [SPRINT, false, true, 2, 7],
      [OTHER, true, true, 2, 7],
    ]);
    const closed = sprintLogEntries({ before, after: { ...before, status: 5 } }, at);
    expect(closed.map((e) => [e.sprintId, e.inSprint, e.unfinished, e.status])).toEqual([
      [SPRINT, true, false, 5],
    ]);
    const estimated = sprintLogEntries({ before, after: { ...before, estimatedHours: null } }, at);
    expect(estimated.map((e) => e.estimate)).toEqual([null]);
  });

  it('logs creation into a sprint and deletion out of it', () => {
    const created = sprintLogEntries({ before: null, after: issue('a', { estimatedHours: 1 }) }, at);
    expect(created.map((e) => [e.issueId, e.inSprint, e.estimate])).toEqual([['a', true, 1]]);
    const deleted = sprintLogEntries({ before: issue('a', { status: 2 }), after: null }, at);
    expect(deleted.map((e) => [e.inSprint, e.unfinished, e.status])).toEqual([[false, true, 2]]);
  });
});
