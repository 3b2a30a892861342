import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issueKeys } from '../../../queries/issues';
import { projectKeys } from '../../../queries/projects';
import {
  alice,
  backendTag,
  bob,
  issueDetail,
  issueRow,
  PROJECT_ID,
  renderInProject,
  seededQueryClient,
} from '../../../test/project';
import { WorkItemDetail } from './WorkItemDetail';
import { WorkItemTable } from './WorkItemTable';

const emptyPage = { pages: [{ rows: [], total: 0, pageNum: 1, pageSize: 20 }], pageParams: [1] };

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice, bob]);
  queryClient.setQueryData(issueKeys.tags(), [backendTag]);
  return queryClient;
}

async function optionsOf(label: string): Promise<string[]> {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('WorkItemDetail', () => {
  it('offers only the current status and the statuses the item may move to', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(issueKeys.detail('i7'), issueDetail(7, { status: 3, nextStatuses: [2, 5] }));
    queryClient.setQueryData(issueKeys.journals('i7', 'comment'), emptyPage);
    renderInProject(<WorkItemDetail id="i7" projectId={PROJECT_ID} variant="page" />, { queryClient });
    expect(await optionsOf('Status')).toEqual(['Completed', 'In progress', 'Closed']);
  });

  it('shows the fields read-only without the edit permission', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(issueKeys.detail('i7'), issueDetail(7, { description: '**Ship** it' }));
    queryClient.setQueryData(issueKeys.journals('i7', 'comment'), emptyPage);
    renderInProject(<WorkItemDetail id="i7" projectId={PROJECT_ID} variant="page" />, {
      queryClient,
      permissions: ['project:issue:list'],
    });
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLInputElement;
    expect(status.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    // The markdown renderer arrives as its own chunk: the text shows as written until then.
    expect((await screen.findByText('Ship', {}, { timeout: 10_000 })).tagName).toBe('STRONG');
    for (const tab of ['Comments', 'History', 'Children', 'Links']) {
      expect(screen.getByRole('tab', { name: new RegExp(tab) })).toBeTruthy();
    }
  });

  it('opens a row in the drawer, titled "#n title"', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(issueKeys.detail('i12'), issueDetail(12, { title: 'Retry the dock client' }));
    queryClient.setQueryData(issueKeys.journals('i12', 'comment'), emptyPage);
    renderInProject(
      <WorkItemTable
        kind={2}
        projectId={PROJECT_ID}
        rows={[issueRow(12, { title: 'Retry the dock client' })]}
        onOpen={() => undefined}
      />,
      { queryClient },
    );
    fireEvent.click(await screen.findByRole('link', { name: /#12/ }));
    const drawer = await screen.findByRole('dialog', { name: '#12 Retry the dock client' });
    expect(await within(drawer).findByRole('link', { name: 'Open full page' })).toBeTruthy();
    expect(await within(drawer).findByRole('textbox', { name: 'Estimate (hours)' })).toBeTruthy();
  });
});
