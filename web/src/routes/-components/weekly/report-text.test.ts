import { BUILT_IN_TEMPLATES } from '@shared/domain/weekly';
import type { Revision } from '@shared/schemas/weekly';
import { describe, expect, it } from 'vitest';
import { closingDay, completionChanges, revisionChanges, rowLine, sectionText } from './report-text';

const row = {
  majorItem: 'Release 1.2',
  detail: 'Staging',
  department: 'Platform',
  person: 'Ann',
  plannedCompletion: '2026-03-13',
  actualCompletion: null,
  progress: 80,
};

const revision = (n: number, content: Revision['content'], completion = 0): Revision => ({
  revision: n,
  action: n === 1 ? 'created' : 'edited',
  user: { userId: 'u1', login: 'ann', nickname: 'Ann' },
  at: '2026-03-06T09:00:00.000Z',
  content,
  items: [{ issueId: 'i1', list: 'thisWeek', completion }],
});

describe('a report as text', () => {
  it('writes a table row as one line', () => {
    expect(rowLine(row, 1)).toBe('1. Release 1.2 — Staging (Platform, Ann, planned 2026-03-13, 80%)');
    expect(
      sectionText([
        row,
        { ...row, detail: '', department: '', person: '', plannedCompletion: null, progress: 0 },
      ]),
    ).toBe('1. Release 1.2 — Staging (Platform, Ann, planned 2026-03-13, 80%)\n2. Release 1.2 (0%)');
  });

  it('names the sections and completions each revision changed', () => {
    const { sections } = BUILT_IN_TEMPLATES[0]!;
    const first = revision(1, { thisWeek: 'A', nextWeek: '', support: '' });
    const second = revision(2, { thisWeek: 'A and B', nextWeek: '', support: '' }, 40);
    expect(revisionChanges(sections, first, undefined)).toEqual([
      { title: "This week's work", before: '', after: 'A' },
    ]);
    expect(revisionChanges(sections, second, first)).toEqual([
      { title: "This week's work", before: 'A', after: 'A and B' },
    ]);
    expect([...completionChanges(second, first)]).toEqual([['i1', [0, 40]]]);
  });
});

describe('when a week closes', () => {
  it("is the end of the Sunday of the following week, across a month's end", () => {
    expect(closingDay({ weekStart: '2026-03-02' })).toBe('2026-03-15');
    expect(closingDay({ weekStart: '2026-11-23' })).toBe('2026-12-06');
  });
});
