import type { CaseModuleNode } from '@shared/schemas/testcases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseKeys } from '../../../queries/testcases';
import { PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { CaseModuleTree } from './CaseModuleTree';
import { NO_MODULE } from './case-module-tree';

function node(
  id: string,
  name: string,
  root_id: string | null,
  caseCount: number,
  children: CaseModuleNode[] = [],
): CaseModuleNode {
  return {
    id,
    pmsProjectId: PROJECT_ID,
    name,
    root_id,
    sort: 0,
    productModuleId: null,
    caseCount,
    version: 3,
    children,
  };
}

const tree: CaseModuleNode[] = [
  node('m1', 'Shop', null, 1, [node('m2', 'Cart', 'm1', 2)]),
  node('m3', 'Accounts', null, 0),
];

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), tree);
  return queryClient;
}

function renderTree(onSelect = vi.fn()) {
  renderInProject(<CaseModuleTree projectId={PROJECT_ID} selectedId={null} onSelect={onSelect} editable />, {
    queryClient: seeded(),
  });
  return onSelect;
}

async function openAction(module: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${module}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

afterEach(() => vi.unstubAllGlobals());

describe('CaseModuleTree', () => {
  it('counts the cases of each module with its sub-modules, and picks no module', async () => {
    const onSelect = renderTree();
    const shop = await screen.findByTestId('case-module-m1');
    expect(within(shop).getByLabelText('3 cases').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('case-module-none'));
    expect(onSelect).toHaveBeenLastCalledWith(NO_MODULE);
  });

  it('speaks of cases in the move and delete dialogs', async () => {
    renderTree();
    await openAction('Shop', 'Move to…');
    const move = await screen.findByRole('dialog', { name: 'Move Shop' });
    expect(move.textContent).toContain('Now at the top level. Its sub-modules and cases move with it.');
    fireEvent.click(within(move).getByRole('button', { name: 'Cancel' }));

    await openAction('Shop', 'Delete');
    const remove = await screen.findByRole('dialog', { name: 'Delete module' });
    expect(remove.textContent).toContain('Only a module without sub-modules or cases can be deleted.');
    expect(remove.textContent).toContain('It holds 3 cases: move them to another module first.');
  });

  it('says nothing of cases when deleting an empty module', async () => {
    renderTree();
    await openAction('Accounts', 'Delete');
    const remove = await screen.findByRole('dialog', { name: 'Delete module' });
    expect(remove.textContent).not.toContain('It holds');
  });

  it('renames through the case-module API with the version read', async () => {
    const renamed = { ...node('m3', 'Sign-in', null, 0), version: 4 };
    // The PUT answers with the module; the tree's refetch after it, with the renamed tree.
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const data = init?.method === 'PUT' ? renamed : [tree[0], renamed];
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderTree();
    await openAction('Accounts', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename module' });
    const name = within(dialog).getByRole('textbox', { name: 'Module name' });
    expect(name.getAttribute('placeholder')).toBe('Login');
    fireEvent.change(name, { target: { value: 'Sign-in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/pmsProjectTestcaseModule\/m3$/);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ version: 3, name: 'Sign-in' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename module' })).toBeNull());
    expect(within(await screen.findByTestId('case-module-m3')).getByText('Sign-in')).toBeTruthy();
  });
});
