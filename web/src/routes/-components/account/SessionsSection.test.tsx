import type { Session } from '@shared/schemas/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SessionsSection } from './SessionsSection';

const session = (id: string, extra: Partial<Session> = {}): Session => ({
  id,
  device: 'Firefox on Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  sourceAddress: '198.51.100.23',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
  current: false,
  ...extra,
});

const here = session('s-here', { device: 'Chrome on macOS', current: true });
const phone = session('s-phone', { device: 'Safari on iOS', sourceAddress: '' });
const laptop = session('s-laptop');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: GET answers `lists` in turn (the last one again after), DELETE answers `deleted`. */
function serve(lists: (Session[] | 'fail')[], deleted: unknown = null) {
  let reads = 0;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') return json(200, { success: true, data: deleted });
    const list = lists[Math.min(reads++, lists.length - 1)]!;
    if (list === 'fail')
      return json(500, { success: false, errorCode: 'ERROR', errorMessage: 'Boom', showType: 2 });
    return json(200, { success: true, data: list });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const deletes = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);

afterEach(() => vi.unstubAllGlobals());

describe('SessionsSection', () => {
  it('shows a loading state, then the sessions with this one marked and first', async () => {
    serve([[here, phone, laptop]]);
    renderWithProviders(<SessionsSection />);
    expect(screen.getByTestId('sessions-loading')).toBeTruthy();
    const current = await screen.findByTestId('session-row-s-here');
    expect(within(current).getByText('This session')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    const phoneRow = screen.getByTestId('session-row-s-phone');
    expect(within(phoneRow).getByText('Safari on iOS')).toBeTruthy();
    expect(within(phoneRow).getByText(/Address unknown/)).toBeTruthy();
    expect(within(screen.getByTestId('session-row-s-laptop')).getByText(/198\.51\.100\.23/)).toBeTruthy();
    expect(within(phoneRow).queryByText('This session')).toBeNull();
  });

  it('signs out one other session after a confirmation, and shows the list without it', async () => {
    const fetchMock = serve([
      [here, phone, laptop],
      [here, laptop],
    ]);
    renderWithProviders(<SessionsSection />);
    const phoneRow = await screen.findByTestId('session-row-s-phone');
    fireEvent.click(within(phoneRow).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out Safari on iOS?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes(fetchMock)).toEqual([]);

    fireEvent.click(within(phoneRow).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    const again = await screen.findByRole('dialog', { name: 'Sign out Safari on iOS?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByTestId('session-row-s-phone')).toBeNull());
    expect(deletes(fetchMock)).toEqual(['/api/auth/sessions/s-phone']);
    expect(screen.getByTestId('session-row-s-laptop')).toBeTruthy();
  });

  it('signs out everywhere else only after a confirmation', async () => {
    const fetchMock = serve([[here, phone, laptop], [here]], { ended: 2 });
    renderWithProviders(<SessionsSection />);
    await screen.findByTestId('session-row-s-here');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(within(dialog).getByText(/Your 2 other sessions will be signed out/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByTestId('sessions-only-this')).toBeTruthy();
    expect(deletes(fetchMock)).toEqual(['/api/auth/sessions/others']);
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('says so when there is no session to show', async () => {
    serve([[]]);
    renderWithProviders(<SessionsSection />);
    expect(await screen.findByTestId('sessions-empty')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    serve(['fail', [here]]);
    renderWithProviders(<SessionsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your sessions could not be loaded: Boom');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('session-row-s-here')).toBeTruthy();
  });
});
