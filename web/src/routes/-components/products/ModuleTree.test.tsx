import type { ProductModuleNode } from '@shared/schemas/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productKeys } from '../../../queries/products';
import { renderInProject, seededQueryClient } from '../../../test/project';
import { ModuleTree } from './ModuleTree';

const PRODUCT = 'prd1';

function node(id: string, name: string, root_id: string | null, children: ProductModuleNode[] = []) {
  return { id, productId: PRODUCT, name, root_id, sort: 0, version: 1, children };
}

const tree: ProductModuleNode[] = [
  node('prd1.1', 'Web', null, [node('prd1.2', 'Checkout', 'prd1.1', [node('prd1.3', 'Payments', 'prd1.2')])]),
  node('prd1.4', 'Mobile', null),
];

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(productKeys.moduleTree(PRODUCT), tree);
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

describe('ModuleTree', () => {
  it('picks a module or all modules, and opens the way to a deep pick', async () => {
    const onSelect = vi.fn();
    renderInProject(<ModuleTree productId={PRODUCT} selectedId="prd1.3" onSelect={onSelect} />, {
      queryClient: seeded(),
    });
    // Payments sits two levels down: its ancestors are expanded so it shows, marked as picked.
    const payments = await screen.findByTestId('module-prd1.3');
    expect(payments.hasAttribute('data-active')).toBe(true);
    expect(screen.getByTestId('module-all').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(screen.getByTestId('module-prd1.4')).getByText('Mobile'));
    expect(onSelect).toHaveBeenLastCalledWith('prd1.4');
    fireEvent.click(screen.getByTestId('module-all'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    // Read-only: no actions at all.
    expect(screen.queryByRole('button', { name: 'Add module' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('hides the actions the user may not take', async () => {
    renderInProject(
      <ModuleTree productId={PRODUCT} selectedId={null} onSelect={() => undefined} editable />,
      {
        queryClient: seeded(),
        permissions: ['product:product:list', 'product:module:edit'],
      },
    );
    await screen.findByTestId('module-prd1.1');
    expect(screen.queryByRole('button', { name: 'Add module' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Web' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Add sub-module/ })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('offers only places a module may move to', async () => {
    renderInProject(
      <ModuleTree productId={PRODUCT} selectedId={null} onSelect={() => undefined} editable />,
      {
        queryClient: seeded(),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Mobile' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Mobile' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Not the top level (it is there already); every module, as a path.
    expect(options.map((option) => option.textContent)).toEqual([
      'Web',
      'Web / Checkout',
      'Web / Checkout / Payments',
    ]);
  });

  it('keeps the refusal of a delete in the dialog', async () => {
    const refusal = 'Module Web still has 2 sub-modules; move or delete them first';
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: false, errorCode: 'CONFLICT', errorMessage: refusal, showType: 2 }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const onSelect = vi.fn();
    renderInProject(<ModuleTree productId={PRODUCT} selectedId="prd1.1" onSelect={onSelect} editable />, {
      queryClient: seeded(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Web' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete module' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete module' }));
    expect((await within(dialog).findByTestId('module-delete-refusal')).textContent).toContain(refusal);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/pmsProductModule\/prd1\.1$/);
    expect(init.method).toBe('DELETE');
    // Nothing was deleted: the pick stays, and the dialog will not try again as it is.
    expect(onSelect).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete module' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
  });
});
