import type { ReportSummary, TeamWeekly, WeeklyCounts } from '@shared/schemas/weekly';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, bob, PROJECT_ID, renderInProject } from '../../../test/project';
import { TeamTable } from './TeamTable';

const carol = { userId: 'u-carol', login: 'carol', nickname: 'Carol' };

const counts: WeeklyCounts = {
  this_week_requirement_issues_count: 0,
  this_week_task_issues_count: 0,
  this_week_bug_issues_count: 0,
  close_requirement_issues_count: 0,
  close_task_issues_count: 0,
  close_bug_issues_count: 0,
  this_week_complete_sprint_count: 0,
  this_week_complete_test_sheet_count: 0,
  project_info: { projectName: 'Fleet' },
};

function report(user: typeof alice, status: ReportSummary['status']): ReportSummary {
  return {
    id: `${PROJECT_ID}.2026-03-02-${user.userId}`,
    kind: 4,
    pmsProjectId: PROJECT_ID,
    projectName: 'Fleet',
    user,
    weekStart: '2026-03-02',
    templateId: 'simple',
    templateName: 'Simple summary',
    status,
    submittedAt: status === 'submitted' ? '2026-03-06T09:00:00.000Z' : null,
    createdAt: '2026-03-06T08:00:00.000Z',
    updatedAt: '2026-03-06T09:00:00.000Z',
    version: 2,
  };
}

const team: TeamWeekly = {
  kind: 5,
  week: {
    weekStart: '2026-03-02',
    weekEnd: '2026-03-08',
    label: '2026-03-02 – 03-08',
    timeZone: 'UTC',
    startsAt: '2026-03-02T00:00:00.000Z',
    endsAt: '2026-03-09T00:00:00.000Z',
    closesAt: '2026-03-16T00:00:00.000Z',
    state: 'current',
    next: null,
    previous: '2026-02-23',
  },
  project: { id: PROJECT_ID, name: 'Fleet' },
  counts,
  trend: [],
  members: [
    { user: alice, role: 'manager', report: report(alice, 'draft') },
    { user: bob, role: 'member', report: report(bob, 'submitted') },
    { user: carol, role: 'member', report: null },
  ],
  submitted: 1,
  missing: 2,
  manages: true,
};

describe('the team of the week', () => {
  it("shows each member's status, and opens submitted reports and one's own draft only", async () => {
    const onOpen = vi.fn();
    // Alice is signed in: her draft opens; Bob's submitted report opens; Carol wrote nothing.
    renderInProject(<TeamTable team={team} meId={alice.userId} onOpen={onOpen} />, {
      path: `/acme/projects/${PROJECT_ID}/weekly`,
    });
    const rows = await screen.findAllByTestId(/^team-member-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'team-member-alice',
      'team-member-bob',
      'team-member-carol',
    ]);
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[1]!).getByText('Submitted')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not submitted')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe(
      `/acme/projects/${PROJECT_ID}/weekly/${encodeURIComponent(report(bob, 'submitted').id)}`,
    );
    expect(within(rows[2]!).queryByRole('link', { name: 'Open report' })).toBeNull();
    fireEvent.click(within(rows[2]!).getByText('Carol'));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(rows[1]!).getByText('Bob'));
    expect(onOpen).toHaveBeenCalledWith(report(bob, 'submitted').id);
    expect(screen.getByText('The team: 1 of 3 submitted')).toBeTruthy();
  });
});
