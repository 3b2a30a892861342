import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { issueKeys } from '../../../queries/issues';
import { projectKeys } from '../../../queries/projects';
import { alice, backendTag, PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { WorkItemFilters } from './WorkItemFilters';

describe('WorkItemFilters', () => {
  it('labels every control and reports sort changes', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice]);
    queryClient.setQueryData(issueKeys.tags(), [backendTag]);
    const onChange = vi.fn();
    renderInProject(<WorkItemFilters kind={3} projectId={PROJECT_ID} search={{}} onChange={onChange} />, {
      queryClient,
    });
    for (const label of [
      'Filter by status',
      'Filter by priority',
      'Filter by owner',
      'Filter by tag',
      'Sort by',
    ]) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(onChange).toHaveBeenCalledWith({ sort: 'asc' });
  });

  it('offers "Unassigned" among the owners and clears every filter at once', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice]);
    queryClient.setQueryData(issueKeys.tags(), [backendTag]);
    const onChange = vi.fn();
    renderInProject(
      <WorkItemFilters
        kind={3}
        projectId={PROJECT_ID}
        search={{ status: [1], keyword: 'dock' }}
        onChange={onChange}
      />,
      { queryClient },
    );
    fireEvent.click(await screen.findByLabelText('Filter by owner'));
    expect(await screen.findByRole('option', { name: 'Unassigned' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alice' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({
      status: undefined,
      priority: undefined,
      assigneeId: undefined,
      tagId: undefined,
      keyword: undefined,
    });
  });
});
