import type { CaseRow } from '@shared/schemas/testcases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueKeys } from '../../../queries/issues';
import { caseKeys } from '../../../queries/testcases';
import { issueDetail, PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import {
  caseRow,
  failResponse,
  moduleNode,
  okResponse,
  page,
  serveApi,
  smokeTag,
} from '../testcases/case-fixtures';
import { TestCasesPanel } from './TestCasesPanel';
import { WorkItemDetail } from './WorkItemDetail';

const ISSUE = 'i7';
const library = [
  caseRow(3, { title: 'Pay with a saved card', priority: 1 }),
  caseRow(2, { title: 'Apply a discount code' }),
  caseRow(1, { title: 'Add an item to the cart', priority: 2 }),
];
const byId = new Map(library.map((row) => [row.id, row]));

/**
 * A server of the three-case library and the item's links: the list call (the item's cases with
 * `issueId`, the library without) and linkTestcase, which changes the links as the real one does.
 * `refuse` makes linkTestcase fail with that message instead.
 */
function serveLinks(linked: string[], refuse?: string) {
  const links = new Set(linked);
  const rowsOf = (ids: Iterable<string>) =>
    [...ids].map((id) => byId.get(id)!).sort((a, b) => b.caseNumber - a.caseNumber);
  const fetch = vi.fn(
    serveApi({
      'GET /pmsProjectTestcase/list': (url) => {
        const rows = url.searchParams.get('issueId') === ISSUE ? rowsOf(links) : library;
        return okResponse(page(rows, { pageSize: Number(url.searchParams.get('pageSize')) }));
      },
      'PUT /pmsProjectIssues/linkTestcase': (_, init) => {
        if (refuse) return failResponse(409, refuse);
        const body = JSON.parse(String(init.body)) as { link?: string[]; unlink?: string[] };
        for (const id of body.link ?? []) links.add(id);
        for (const id of body.unlink ?? []) links.delete(id);
        return okResponse(rowsOf(links));
      },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The library's tree and tags, which the picker shows. */
function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), [moduleNode('m1', 'Shop', null, [], 3)]);
  queryClient.setQueryData(caseKeys.tags(), [smokeTag]);
  return queryClient;
}

function linkCalls(fetch: ReturnType<typeof vi.fn>) {
  return fetch.mock.calls
    .filter(([url]) => String(url).endsWith('/linkTestcase'))
    .map(([url, init]) => ({
      url: String(url),
      method: (init as RequestInit).method,
      body: JSON.parse(String((init as RequestInit).body)),
    }));
}

const panel = (canEdit = true) => <TestCasesPanel issueId={ISSUE} projectId={PROJECT_ID} canEdit={canEdit} />;
const rowOf = (row: CaseRow) => screen.getByTestId(`linked-case-${row.caseNumber}`);

afterEach(() => vi.unstubAllGlobals());

// The picker is a large dialog with a table: slow to render on a busy machine.
describe('TestCasesPanel', { timeout: 30_000 }, () => {
  it('lists the linked cases, each a link to its drawer in the Tests area', async () => {
    const [pay, , cart] = library as [CaseRow, CaseRow, CaseRow];
    const fetch = serveLinks([cart.id, pay.id]);
    renderInProject(panel(), { queryClient: seeded() });
    // Loading first, then the rows.
    expect(await screen.findByLabelText('Loading the linked cases')).toBeTruthy();
    await screen.findByTestId('linked-case-3');
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(url).toContain(`issueId=${ISSUE}`);

    expect(screen.getAllByTestId(/^linked-case-/).map((row) => row.dataset.testid)).toEqual([
      'linked-case-3',
      'linked-case-1',
    ]);
    const link = within(rowOf(pay)).getByRole('link', { name: 'TC-3 Pay with a saved card' });
    expect(link.getAttribute('href')).toBe(`/acme/projects/${PROJECT_ID}/test/case/caseDetail/${pay.id}`);
    expect(within(rowOf(pay)).getByText('Urgent')).toBeTruthy();
    expect(within(rowOf(cart)).getByRole('button', { name: 'Unlink TC-1' })).toBeTruthy();
  });

  it('says when nothing is linked, and offers no changes to a reader', async () => {
    serveLinks([]);
    renderInProject(panel(false), { queryClient: seeded() });
    expect(await screen.findByText('No linked test cases.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link cases' })).toBeNull();
  });

  it('links cases picked in the library, the linked ones shown but not pickable', async () => {
    const [pay, discount, cart] = library as [CaseRow, CaseRow, CaseRow];
    const fetch = serveLinks([pay.id]);
    renderInProject(panel(), { queryClient: seeded() });
    await screen.findByTestId('linked-case-3');
    fireEvent.click(screen.getByRole('button', { name: 'Link cases' }));

    const dialog = await screen.findByRole('dialog', { name: 'Link cases' });
    const taken = await within(dialog).findByTestId('case-row-3');
    expect(within(taken).getByText('Already linked')).toBeTruthy();
    expect(within(taken).getByRole('checkbox').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select TC-1' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select TC-2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link 2 cases' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByTestId('linked-case-1');
    expect(screen.getAllByTestId(/^linked-case-/)).toHaveLength(3);
    expect(linkCalls(fetch)).toEqual([
      {
        url: '/api/pms/pmsProjectIssues/linkTestcase',
        method: 'PUT',
        body: { issueId: ISSUE, link: [cart.id, discount.id] },
      },
    ]);
  });

  it("keeps the pick and shows the server's reason when linking is refused", async () => {
    const message = 'Work item #7 may be linked to at most 20 cases';
    serveLinks([], message);
    const queryClient = seeded();
    queryClient.setQueryData(issueKeys.detail(ISSUE), issueDetail(7));
    renderInProject(panel(), { queryClient });
    await screen.findByText('No linked test cases.');
    fireEvent.click(screen.getByRole('button', { name: 'Link cases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link cases' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select TC-2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link 1 case' }));

    expect((await within(dialog).findByTestId('case-select-error')).textContent).toBe(message);
    expect(within(dialog).getByTestId('case-select-count').textContent).toBe('1 selected');
    expect(screen.getByText('No linked test cases.')).toBeTruthy();
  });

  it('unlinks a case from its row', async () => {
    const [pay, , cart] = library as [CaseRow, CaseRow, CaseRow];
    const fetch = serveLinks([pay.id, cart.id]);
    renderInProject(panel(), { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink TC-3' }));
    await waitFor(() => expect(screen.queryByTestId('linked-case-3')).toBeNull());
    expect(screen.getByTestId('linked-case-1')).toBeTruthy();
    expect(linkCalls(fetch).map((call) => call.body)).toEqual([{ issueId: ISSUE, unlink: [pay.id] }]);
  });

  it('lets a pick fill the item up to 20 cases and no further', async () => {
    const nineteen = Array.from({ length: 19 }, (_, i) => caseRow(i + 10));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        serveApi({
          'GET /pmsProjectTestcase/list': (url) =>
            okResponse(url.searchParams.get('issueId') ? page(nineteen, { pageSize: 20 }) : page(library)),
        }),
      ),
    );
    renderInProject(panel(), { queryClient: seeded() });
    await screen.findByTestId('linked-case-28');
    fireEvent.click(screen.getByRole('button', { name: 'Link cases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link cases' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select TC-1' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select TC-2' }));
    expect(within(dialog).getByTestId('case-select-count').textContent).toBe('1 selected');
    expect(within(dialog).getByRole('button', { name: 'Link 1 case' })).toBeTruthy();
  });

  it('stops offering more once the item has its 20 cases', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => caseRow(i + 1));
    const fetch = vi.fn(async () => okResponse(page(twenty, { pageSize: 20 })));
    vi.stubGlobal('fetch', fetch);
    renderInProject(panel(), { queryClient: seeded() });
    await screen.findByTestId('linked-case-20');
    const button = screen.getByRole('button', { name: 'Link cases' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('At most 20 cases');
  });
});

describe('the Test cases tab of a work item', { timeout: 30_000 }, () => {
  function seededItem() {
    const queryClient = seeded();
    queryClient.setQueryData(issueKeys.detail(ISSUE), issueDetail(7));
    queryClient.setQueryData(issueKeys.journals(ISSUE, 'comment'), {
      pages: [{ rows: [], total: 0, pageNum: 1, pageSize: 20 }],
      pageParams: [1],
    });
    return queryClient;
  }

  it('shows only to those who may list cases, and links only for editors', async () => {
    serveLinks([library[0]!.id]);
    const first = renderInProject(<WorkItemDetail id={ISSUE} projectId={PROJECT_ID} variant="page" />, {
      queryClient: seededItem(),
      permissions: ['project:issue:list', 'project:issue:edit'],
    });
    await screen.findByRole('tab', { name: /Links/ });
    expect(screen.queryByRole('tab', { name: 'Test cases' })).toBeNull();
    first.unmount();

    renderInProject(<WorkItemDetail id={ISSUE} projectId={PROJECT_ID} variant="page" />, {
      queryClient: seededItem(),
      permissions: ['project:issue:list', 'test:case:list'],
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Test cases' }));
    await screen.findByTestId('linked-case-3');
    expect(screen.queryByRole('button', { name: 'Link cases' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlink TC-3' })).toBeNull();
  });
});
