import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseKeys } from '../../../queries/testcases';
import { PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { CaseSelectModal } from './CaseSelectModal';
import { caseRow, moduleNode, okResponse, page, smokeTag } from './case-fixtures';
import { caseListParams } from './case-search';

const tree = [moduleNode('m1', 'Login', null, [], 2)];

/** 25 cases: page 1 holds TC-25..TC-6, page 2 TC-5..TC-1 (20 a page, newest first). */
const all = Array.from({ length: 25 }, (_, i) => caseRow(25 - i, { tagIds: i === 0 ? [smokeTag.id] : [] }));

/** The list call answered from `all`, honouring the page and the module. */
function serveLibrary() {
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname.endsWith('/pmsProjectTestcase/list')) {
      const pageNum = Number(url.searchParams.get('pageNum'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const rows = url.searchParams.get('moduleId')
        ? []
        : all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return okResponse(
        page(rows, { total: url.searchParams.get('moduleId') ? 0 : all.length, pageNum, pageSize }),
      );
    }
    throw new Error(`unexpected call ${input}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), tree);
  queryClient.setQueryData(caseKeys.tags(), [smokeTag]);
  queryClient.setQueryData(
    caseKeys.list(caseListParams(PROJECT_ID, undefined, { pageNum: 1, pageSize: 20 })),
    page(all.slice(0, 20), { total: 25, pageSize: 20 }),
  );
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

// A large dialog of twenty-row pages that re-renders on every pick: slow on a busy machine.
describe('CaseSelectModal', { timeout: 30_000 }, () => {
  // Two pages of twenty rows re-render on every pick: slow on a busy machine.
  it('picks cases across pages, skips excluded ones, and confirms the ids in pick order', {
    timeout: 30_000,
  }, async () => {
    serveLibrary();
    const onConfirm = vi.fn();
    renderInProject(
      <CaseSelectModal
        projectId={PROJECT_ID}
        opened
        onClose={() => undefined}
        onConfirm={onConfirm}
        excludeIds={[`${PROJECT_ID}.c24`]}
      />,
      { queryClient: seeded() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add cases' });
    const add = within(dialog).getByRole('button', { name: 'Add 0 cases' });
    expect(add.hasAttribute('disabled')).toBe(true);

    // The excluded case shows, disabled, with the reason.
    const excluded = within(dialog).getByTestId('case-row-24');
    expect(within(excluded).getByRole('checkbox').hasAttribute('disabled')).toBe(true);
    expect(within(excluded).getByText('Already in the sheet')).toBeTruthy();
    // A tag shows by name.
    expect(within(within(dialog).getByTestId('case-row-25')).getByText('smoke')).toBeTruthy();

    // A click on a row picks it.
    fireEvent.click(within(within(dialog).getByTestId('case-row-20')).getByText('Case number 20'));
    expect(within(dialog).getByTestId('case-select-count').textContent).toBe('1 selected across pages');

    // Select all on this page: every selectable row (19 of 20).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select all on this page' }));
    expect(within(dialog).getByTestId('case-select-count').textContent).toBe('19 selected across pages');

    // Page 2 comes from the server; its rows add to the pick.
    fireEvent.click(within(dialog).getByRole('button', { name: '2' }));
    await within(dialog).findByTestId('case-row-3');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select TC-3' }));
    expect(within(dialog).getByTestId('case-select-count').textContent).toBe('20 selected across pages');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 20 cases' }));
    const ids = onConfirm.mock.calls[0]?.[0] as string[];
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(`${PROJECT_ID}.c20`);
    expect(ids.at(-1)).toBe(`${PROJECT_ID}.c3`);
    expect(ids).not.toContain(`${PROJECT_ID}.c24`);
  });

  it('filters by module through the list call, and says when a module is empty', async () => {
    const fetch = serveLibrary();
    renderInProject(
      <CaseSelectModal projectId={PROJECT_ID} opened onClose={() => undefined} onConfirm={() => undefined} />,
      { queryClient: seeded() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add cases' });
    fireEvent.click(within(dialog).getByText('Login'));
    expect(await within(dialog).findByTestId('case-select-empty')).toBeTruthy();
    expect(within(dialog).getByText('No cases in this module')).toBeTruthy();
    const [url] = fetch.mock.calls.at(-1) as unknown as [string];
    expect(url).toContain(`moduleId=${PROJECT_ID}.m1`);
    // No add buttons in the read-only tree.
    expect(within(dialog).queryByRole('button', { name: 'Add module' })).toBeNull();
  });

  it('starts afresh each time it opens', async () => {
    serveLibrary();
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened((o) => !o)}>
            toggle
          </button>
          <CaseSelectModal
            projectId={PROJECT_ID}
            opened={opened}
            onClose={() => setOpened(false)}
            onConfirm={() => undefined}
          />
        </>
      );
    }
    renderInProject(<Harness />, { queryClient: seeded() });
    const dialog = await screen.findByRole('dialog', { name: 'Add cases' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select TC-25' }));
    expect(within(dialog).getByRole('button', { name: 'Add 1 case' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    const again = await screen.findByRole('dialog', { name: 'Add cases' });
    expect(within(again).getByRole('button', { name: 'Add 0 cases' })).toBeTruthy();
  });
});
