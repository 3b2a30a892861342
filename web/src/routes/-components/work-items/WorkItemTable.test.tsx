import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { backendTag, bob, issueRow, PROJECT_ID, renderInProject } from '../../../test/project';
import { WorkItemTable } from './WorkItemTable';

describe('WorkItemTable', () => {
  const year = new Date().getFullYear();
  const rows = [
    issueRow(12, {
      title: 'Retry the dock client',
      priority: 1,
      assignee: bob,
      tags: [backendTag],
      endDate: `${year}-03-04`,
    }),
    issueRow(3, { title: 'Old one', status: 5, priority: 4, endDate: '2020-01-02' }),
  ];

  it('shows number, title, status, priority, assignee, tags and the end date', async () => {
    renderInProject(<WorkItemTable kind={2} projectId={PROJECT_ID} rows={rows} onOpen={vi.fn()} />);
    const link = await screen.findByRole('link', { name: /#12/ });
    expect(link.textContent).toBe('#12 Retry the dock client');
    expect(link.getAttribute('href')).toBe('/acme/projects/p1/task/i12');
    const row = within(screen.getByTestId('work-item-row-12'));
    // The end date is MM.DD in the current year, YYYY.MM.DD otherwise.
    for (const text of ['Pending', 'Urgent', 'Bob', 'backend', '03.04']) {
      expect(row.getByText(text)).toBeTruthy();
    }
    const old = within(screen.getByTestId('work-item-row-3'));
    for (const text of ['2020.01.02', 'Closed', 'Low', 'Unassigned']) {
      expect(old.getByText(text)).toBeTruthy();
    }
  });

  it('has no checkboxes without a selection, and reports toggles with one', async () => {
    const toggle = vi.fn();
    const { unmount } = renderInProject(
      <WorkItemTable kind={2} projectId={PROJECT_ID} rows={rows} onOpen={vi.fn()} />,
    );
    await screen.findByRole('link', { name: /#12/ });
    expect(screen.queryByRole('checkbox')).toBeNull();
    unmount();

    renderInProject(
      <WorkItemTable
        kind={2}
        projectId={PROJECT_ID}
        rows={rows}
        onOpen={vi.fn()}
        selection={{ selected: new Set(['i3']), toggle, toggleAll: vi.fn() }}
      />,
    );
    const box = await screen.findByRole('checkbox', { name: 'Select #12' });
    box.click();
    expect(toggle).toHaveBeenCalledWith(rows[0]);
    expect((screen.getByRole('checkbox', { name: 'Select #3' }) as HTMLInputElement).checked).toBe(true);
  });
});
