import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseKeys } from '../../../queries/testcases';
import { PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { caseDetail, caseRow, moduleNode, okResponse, page, serveApi, smokeTag } from './case-fixtures';
import { NewCaseDrawer } from './NewCaseDrawer';

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), [moduleNode('m1', 'Login', null)]);
  queryClient.setQueryData(caseKeys.tags(), [smokeTag]);
  return queryClient;
}

const stepValues = () =>
  screen.getAllByRole('textbox', { name: /^Step \d+$/ }).map((box) => (box as HTMLTextAreaElement).value);

afterEach(() => vi.unstubAllGlobals());

describe('New case', { timeout: 30_000 }, () => {
  it('names a missing title, edits steps, and creates with Ctrl+Enter', async () => {
    const fetch = vi.fn(
      serveApi({
        'POST /pmsProjectTestcase': () => okResponse(caseDetail(31), 201),
        'GET /treeList': () => okResponse([moduleNode('m1', 'Login', null, [], 1)]),
        'GET /pmsProjectTestcase/list': () => okResponse(page([caseRow(31)])),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    renderInProject(
      <NewCaseDrawer
        projectId={PROJECT_ID}
        productId={null}
        moduleId={`${PROJECT_ID}.m1`}
        opened
        onClose={() => undefined}
        onCreated={onCreated}
      />,
      { queryClient: seeded() },
    );
    const create = await screen.findByRole('button', { name: 'Create case' });
    fireEvent.click(create);
    expect(await screen.findByText('Please enter title')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Sign out' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Step 1' }), { target: { value: 'Open the menu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Step 3' }), { target: { value: 'Pick Sign out' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expected result 3' }), {
      target: { value: 'The sign-in page shows' },
    });
    // Reorder: the third step moves up; the blank second row is removed.
    fireEvent.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    expect(stepValues()).toEqual(['Open the menu', 'Pick Sign out', '']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove step 3' }));
    expect(stepValues()).toEqual(['Open the menu', 'Pick Sign out']);

    // The module starts as the one the library shows; no specs picker without a product.
    expect(screen.queryByRole('textbox', { name: 'Covered specs' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(caseDetail(31).id));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST') as [string, RequestInit];
    expect(post[0]).toBe('/api/pms/pmsProjectTestcase');
    expect(JSON.parse(String(post[1].body))).toEqual({
      pmsProjectId: PROJECT_ID,
      title: 'Sign out',
      moduleId: `${PROJECT_ID}.m1`,
      type: 1,
      priority: 3,
      tagIds: [],
      precondition: '',
      steps: [
        { step: 'Open the menu', expected: '' },
        { step: 'Pick Sign out', expected: 'The sign-in page shows' },
      ],
      remark: '',
    });
  });

  it('adds a tag to the vocabulary and to the case', async () => {
    const tag = { ...smokeTag, id: 'ct-new', name: 'regression', color: 'red' };
    const fetch = vi.fn(
      serveApi({
        'POST /pmsProjectTestcaseTag': () => okResponse(tag, 201),
        'GET /pmsProjectTestcaseTag/list': () => okResponse([smokeTag, tag]),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderInProject(
      <NewCaseDrawer
        projectId={PROJECT_ID}
        productId={null}
        moduleId={null}
        opened
        onClose={() => undefined}
        onCreated={() => undefined}
      />,
      { queryClient: seeded() },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New tag' }));
    const name = await screen.findByRole('textbox', { name: 'Tag name' });
    fireEvent.change(name, { target: { value: 'regression' } });
    fireEvent.click(screen.getByRole('radio', { name: 'red' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/pms/pmsProjectTestcaseTag');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'regression', color: 'red' });
    // The new tag is picked in the form: its pill shows once the tag list is read again.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Tag name' })).toBeNull());
    expect(await screen.findByText('regression')).toBeTruthy();
  });
});
