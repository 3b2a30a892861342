import { describe, expect, it } from 'vitest';
import { countWeeks } from './counts';
import { weekStarting } from './weeks';

const march2 = weekStarting('2026-03-02', 'Asia/Shanghai');
const march9 = weekStarting('2026-03-09', 'Asia/Shanghai');

const issue = (pmIssueType: number, createdAt: string, status = 1, closedAt: string | null = null) => ({
  pmIssueType,
  status,
  createdAt,
  closedAt,
});

describe('the counts of a week', () => {
  const [first, second] = countWeeks([march2, march9], {
    projectName: 'Fleet',
    issues: [
      issue(1, '2026-03-02T00:00:00Z'),
      // Sunday 23:30 in Shanghai: still the week of March 2.
      issue(2, '2026-03-08T15:30:00Z', 5, '2026-03-08T15:40:00Z'),
      // Monday 00:10 in Shanghai: the week of March 9.
      issue(3, '2026-03-08T16:10:00Z', 5, '2026-03-10T00:00:00Z'),
      // Closed during the week, then reopened: not closed any more.
      issue(3, '2026-02-20T00:00:00Z', 2, null),
      // Created the week before, closed in the week of March 2.
      issue(1, '2026-02-25T00:00:00Z', 5, '2026-03-03T00:00:00Z'),
      // Not a demand, task or bug.
      issue(6, '2026-03-03T00:00:00Z'),
    ],
    sprints: [
      { status: 2, completedAt: '2026-03-06T09:00:00Z' },
      { status: 1, completedAt: '2026-03-05T09:00:00Z' },
    ],
    sheets: [{ status: 2, completedAt: '2026-03-09T09:00:00Z' }],
  });

  it('counts items created and closed in each week by kind', () => {
    expect(first).toMatchObject({
      this_week_requirement_issues_count: 1,
      this_week_task_issues_count: 1,
      this_week_bug_issues_count: 0,
      close_requirement_issues_count: 1,
      close_task_issues_count: 1,
      close_bug_issues_count: 0,
      project_info: { projectName: 'Fleet' },
    });
    expect(second).toMatchObject({ this_week_bug_issues_count: 1, close_bug_issues_count: 1 });
  });

  it('counts completed sprints and test sheets, not reopened ones', () => {
    expect(first).toMatchObject({
      this_week_complete_sprint_count: 1,
      this_week_complete_test_sheet_count: 0,
    });
    expect(second).toMatchObject({
      this_week_complete_sprint_count: 0,
      this_week_complete_test_sheet_count: 1,
    });
  });
});
