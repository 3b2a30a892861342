import type { IssuePage } from '@shared/schemas/issues';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { issueKeys } from '../../../queries/issues';
import { projectKeys } from '../../../queries/projects';
import {
  alice,
  backendTag,
  issueRow,
  PROJECT_ID,
  renderInProject,
  seededQueryClient,
} from '../../../test/project';
import { listParams } from './list-search';
import { WorkItemList } from './WorkItemList';

function withList(page: Partial<IssuePage>) {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice]);
  queryClient.setQueryData(issueKeys.tags(), [backendTag]);
  const full: IssuePage = {
    rows: [],
    total: 0,
    pageNum: 1,
    pageSize: 10,
    counts: { all: 0, opened: 0, closed: 0 },
    ...page,
  };
  queryClient.setQueryData(issueKeys.list(listParams(PROJECT_ID, 2, {})), { pages: [full], pageParams: [1] });
  return queryClient;
}

/** The task list of the test project over `page`; gives the `onSearchChange` it was handed. */
function renderTasks(page: Partial<IssuePage>) {
  const onSearchChange = vi.fn();
  renderInProject(
    <WorkItemList
      kind={2}
      projectId={PROJECT_ID}
      projectName="Fleet"
      search={{}}
      onSearchChange={onSearchChange}
    />,
    { queryClient: withList(page) },
  );
  return onSearchChange;
}

/** happy-dom lays nothing out: the page looks 0 px tall, always "near the bottom", unless told otherwise. */
function pageHeight(px: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: px, configurable: true });
}

describe('WorkItemList', () => {
  beforeEach(() => pageHeight(5000));
  afterEach(() => {
    vi.restoreAllMocks();
    pageHeight(0);
  });

  it('invites to create the first item when there is none', async () => {
    renderTasks({});
    expect(await screen.findByText('No tasks yet')).toBeTruthy();
    // One call to action, in the empty state.
    expect(screen.getAllByRole('button', { name: 'New task' })).toHaveLength(1);
  });

  it('shows the counts on the tabs, the rows and "Load more" while there are more', async () => {
    const onSearchChange = renderTasks({
      rows: Array.from({ length: 10 }, (_, i) => issueRow(20 - i)),
      total: 14,
      counts: { all: 14, opened: 11, closed: 3 },
    });
    expect((await screen.findByRole('tab', { name: /All/ })).textContent).toContain('14');
    expect(screen.getByRole('tab', { name: /Open/ }).textContent).toContain('11');
    expect(screen.getByRole('link', { name: /#20/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New task' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Closed/ }));
    expect(onSearchChange).toHaveBeenCalledWith({ statusGroup: 'closed' });
  });

  it('shows the batch bar once rows are selected', async () => {
    renderTasks({
      rows: [issueRow(1), issueRow(2)],
      total: 2,
      counts: { all: 2, opened: 2, closed: 0 },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select #1' }));
    expect(await screen.findByText('1 item selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page by itself when the page is scrolled near the bottom', async () => {
    const second: IssuePage = {
      rows: [issueRow(5)],
      total: 11,
      pageNum: 2,
      pageSize: 10,
      counts: { all: 11, opened: 11, closed: 0 },
    };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: second }), { status: 200 }));
    renderTasks({
      rows: Array.from({ length: 10 }, (_, i) => issueRow(20 - i)),
      total: 11,
      counts: { all: 11, opened: 11, closed: 0 },
    });
    await screen.findByRole('link', { name: /#20/ });
    expect(fetch).not.toHaveBeenCalled();
    pageHeight(800);
    fireEvent.scroll(window);
    expect(await screen.findByRole('link', { name: /#5/ })).toBeTruthy();
    const url = String(fetch.mock.calls[0]?.[0]);
    expect(url).toContain('pageNum=2');
    expect(url).toContain('pageSize=10');
    expect(url).toContain('pmIssueType=2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
