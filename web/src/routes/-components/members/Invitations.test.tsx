import type { Invitation } from '@shared/schemas/email';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Invitations } from './Invitations';

const pending: Invitation = {
  id: 'inv-1',
  email: 'carol@acme.example',
  roles: [{ roleId: 'r-member', roleKey: 'member', roleName: 'Member' }],
  status: 'pending',
  invitedBy: 'u-alice',
  createdAt: '2026-11-20T09:30:00.000Z',
  expiresAt: '2026-11-27T09:30:00.000Z',
  sentCount: 1,
};

const json = (body: unknown) =>
  new Response(JSON.stringify({ success: true, data: body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function serve() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    json(init?.method === 'POST' ? pending : init?.method === 'DELETE' ? null : [pending]),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'DELETE')
    .map(([url, init]) => `${init?.method} ${url}`);

afterEach(() => vi.unstubAllGlobals());

describe('Invitations', () => {
  it('resends and revokes a pending invitation from its row', async () => {
    const fetchMock = serve();
    renderWithProviders(<Invitations identifier="acme" deptId="d-1" canChooseRoles={false} />);
    const list = await screen.findByTestId('invitation-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Resend to carol@acme.example' }));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1));
    expect(writes(fetchMock)[0]).toMatch(/^POST .*\/inv-1\/resend$/);
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke carol@acme.example' }));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(2));
    expect(writes(fetchMock)[1]).toMatch(/^DELETE .*\/inv-1$/);
  });
});
