import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseKeys } from '../../../queries/testcases';
import { PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { CaseDrawer } from './CaseDrawer';
import { caseDetail, failResponse, moduleNode, okResponse, smokeTag } from './case-fixtures';

const CASE = `${PROJECT_ID}.c12`;

const flagged = caseDetail(12, {
  title: 'Sign in with a locked account',
  needsConfirmation: true,
  moduleId: `${PROJECT_ID}.m1`,
  moduleName: 'Login',
  tagIds: [smokeTag.id],
  precondition: 'The account is locked',
  steps: [
    { step: 'Open the sign-in page', expected: 'The form shows' },
    { step: 'Sign in', expected: '' },
  ],
  specs: [
    {
      id: 'pr.s1',
      productId: 'pr',
      productName: 'Shop',
      title: 'Lock after five failures',
      status: 2,
      statusName: 'Reviewed',
      changed: true,
    },
  ],
  linkedIssues: [
    {
      id: 'i9',
      issueNumber: 9,
      pmIssueType: 3,
      title: 'Lock message is wrong',
      status: 1,
      statusName: 'New',
    },
  ],
  version: 4,
});

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(caseKeys.detail(CASE), flagged);
  queryClient.setQueryData(caseKeys.tags(), [smokeTag]);
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), [moduleNode('m1', 'Login', null, [], 1)]);
  return queryClient;
}

function calls(fetch: ReturnType<typeof vi.fn>) {
  return fetch.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit).method,
    body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('CaseDrawer', { timeout: 30_000 }, () => {
  it('shows what the case checks and covers, and confirms a flagged case', async () => {
    const confirmed = {
      ...flagged,
      needsConfirmation: false,
      specs: [{ ...flagged.specs[0]!, changed: false }],
    };
    // The confirm, then the refetch of the case it makes stale.
    const fetch = vi.fn(async (_input: string, init: RequestInit) =>
      okResponse(init.method === 'PUT' ? [confirmed] : confirmed),
    );
    vi.stubGlobal('fetch', fetch);
    renderInProject(
      <CaseDrawer projectId={PROJECT_ID} productId="pr" caseId={CASE} onClose={() => undefined} />,
      {
        queryClient: seeded(),
      },
    );
    const view = await screen.findByTestId('case-view');
    expect(screen.getByText('TC-12')).toBeTruthy();
    expect(within(view).getByText('The account is locked')).toBeTruthy();
    const steps = within(view).getByTestId('case-steps');
    expect(
      within(steps)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['#StepExpected result', '1Open the sign-in pageThe form shows', '2Sign in—']);
    const spec = within(view).getByTestId('spec-ref-pr.s1');
    expect(within(spec).getByRole('link', { name: 'Lock after five failures' }).getAttribute('href')).toBe(
      '/acme/products/pr/demand/pr.s1',
    );
    expect(within(spec).getByText('Unconfirmed change')).toBeTruthy();
    expect(within(spec).getByText('Reviewed')).toBeTruthy();
    expect(within(view).getByRole('link', { name: '#9 Lock message is wrong' })).toBeTruthy();
    expect(within(view).getByText('smoke')).toBeTruthy();

    const banner = within(view).getByTestId('case-flag');
    expect(banner.textContent).toContain('A covered spec changed: review and confirm');
    fireEvent.click(within(banner).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(calls(fetch)[0]).toEqual({
      url: '/api/pms/pmsProjectTestcase/confirm',
      method: 'PUT',
      body: { ids: [CASE] },
    });
    // The banner goes once the case is read again.
    await waitFor(() => expect(screen.queryByTestId('case-flag')).toBeNull());
    expect(within(screen.getByTestId('spec-ref-pr.s1')).queryByText('Unconfirmed change')).toBeNull();
  });

  it('hides editing and confirming from a reader', async () => {
    renderInProject(
      <CaseDrawer projectId={PROJECT_ID} productId={null} caseId={CASE} onClose={() => undefined} />,
      {
        queryClient: seeded(),
        permissions: ['test:case:list'],
      },
    );
    const view = await screen.findByTestId('case-view');
    expect(within(view).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'More actions' })).toBeNull();
    // Without the product pages, a covered spec is named but not linked.
    expect(within(view).queryByRole('link', { name: 'Lock after five failures' })).toBeNull();
    expect(within(view).getByText('Lock after five failures')).toBeTruthy();
  });

  it('saves an edit at the version read and explains a stale version', async () => {
    const message = 'The case TC-12 was changed by someone else; reload and try again';
    const fetch = vi.fn(async (input: string) =>
      input.includes('/pmsProjectTestcase/') && !input.includes('list')
        ? failResponse(409, message)
        : okResponse(null),
    );
    vi.stubGlobal('fetch', fetch);
    renderInProject(
      <CaseDrawer projectId={PROJECT_ID} productId={null} caseId={CASE} onClose={() => undefined} />,
      {
        queryClient: seeded(),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Sign in while locked' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expected result 2' }), {
      target: { value: 'An error names the lock' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('case-stale')).toBeTruthy();
    const put = calls(fetch).find((call) => call.method === 'PUT');
    expect(put).toEqual({
      url: `/api/pms/pmsProjectTestcase/${encodeURIComponent(CASE)}`,
      method: 'PUT',
      body: {
        version: 4,
        title: 'Sign in while locked',
        moduleId: `${PROJECT_ID}.m1`,
        type: 1,
        priority: 3,
        tagIds: [smokeTag.id],
        precondition: 'The account is locked',
        steps: [
          { step: 'Open the sign-in page', expected: 'The form shows' },
          { step: 'Sign in', expected: 'An error names the lock' },
        ],
        remark: '',
      },
    });
  });
});
