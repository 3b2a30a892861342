import { BUILT_IN_TEMPLATES } from '@shared/domain/weekly';
import type { WeeklyIssue } from '@shared/schemas/weekly';
import { describe, expect, it } from 'vitest';
import { dropItem, itemInputs, newDraft, pickItem, setCompletion } from './report-form';

const issue = (id: string): WeeklyIssue => ({
  id,
  issueNumber: 1,
  pmIssueType: 2,
  title: `Item ${id}`,
  status: 2,
  statusName: 'In progress',
  priority: 3,
  assignee: null,
  startDate: null,
  endDate: null,
  createdAt: '2026-03-02T00:00:00.000Z',
  closedAt: null,
});

describe('the report form', () => {
  it("starts empty, with last week's plan in this week's list", () => {
    const draft = newDraft(BUILT_IN_TEMPLATES[1]!.sections, [issue('a')]);
    expect(draft.content).toEqual({ thisWeek: [], nextWeek: [] });
    expect(itemInputs(draft)).toEqual([{ issueId: 'a', list: 'thisWeek', completion: 0 }]);
  });

  it('moves a picked item between lists, keeping its completion', () => {
    let draft = newDraft(BUILT_IN_TEMPLATES[0]!.sections, []);
    draft = pickItem(draft, issue('a'), 'thisWeek');
    draft = setCompletion(draft, 'a', 60);
    draft = pickItem(draft, issue('a'), 'nextWeek');
    draft = pickItem(draft, issue('b'), 'thisWeek');
    expect(itemInputs(draft)).toEqual([
      { issueId: 'a', list: 'nextWeek', completion: 60 },
      { issueId: 'b', list: 'thisWeek', completion: 0 },
    ]);
    expect(itemInputs(dropItem(draft, 'a'))).toEqual([{ issueId: 'b', list: 'thisWeek', completion: 0 }]);
  });
});
