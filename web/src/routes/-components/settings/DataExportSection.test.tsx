import type { DataExport } from '@shared/schemas/exports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DataExportSection } from './DataExportSection';

const dataExport = (id: string, extra: Partial<DataExport> = {}): DataExport => ({
  id,
  status: 'done',
  items: 120,
  files: 3,
  total: 123,
  sizeBytes: 48_000,
  startedBy: 'u-owner',
  createdAt: '2026-11-20T09:30:00.000Z',
  finishedAt: '2026-11-20T09:31:00.000Z',
  expiresAt: '2026-11-27T09:30:00.000Z',
  error: null,
  ...extra,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: list reads answer `lists` in turn (the last one again after). */
function serve(lists: DataExport[][], options: { start?: number } = {}) {
  let reads = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      if (options.start === 409) {
        return json(409, {
          success: false,
          errorCode: 'CONFLICT',
          errorMessage: 'Already running',
          showType: 2,
        });
      }
      return json(201, {
        success: true,
        data: dataExport('e-new', { status: 'queued', items: 0, files: 0 }),
      });
    }
    if (/\/export\/[^/?]+/.test(url)) {
      return json(200, {
        success: true,
        data: dataExport('e-done', { downloadUrl: 'https://files.example/e-done.zip' }),
      });
    }
    return json(200, { success: true, data: lists[Math.min(reads++, lists.length - 1)] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DataExportSection', () => {
  it('shows the empty state, and starts an export only after a confirmation', async () => {
    const fetchMock = serve([
      [],
      [dataExport('e-new', { status: 'queued', items: 0, files: 0, total: null })],
    ]);
    renderWithProviders(<DataExportSection identifier="acme" />);
    expect(await screen.findByTestId('exports-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export all data?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetchMock)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Export data' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(posts(fetchMock)).toEqual(['/api/pms/pmsEnterprise/acme/export']));
    const row = await screen.findByTestId('export-row-e-new');
    expect(within(row).getByText('Queued')).toBeTruthy();
    expect(within(row).getByLabelText('Export progress: counting')).toBeTruthy();
  });

  it('shows progress while running, polls, and offers the download once done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const running = dataExport('e-done', {
        status: 'running',
        items: 50,
        files: 0,
        total: 100,
        sizeBytes: null,
      });
      const fetchMock = serve([[running], [dataExport('e-done')]]);
      renderWithProviders(<DataExportSection identifier="acme" />);
      const row = await screen.findByTestId('export-row-e-done');
      expect(within(row).getByLabelText('Export progress: 50%')).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /Download/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Export data' })).toHaveProperty('disabled', true);
      // The list is read again while one runs.
      await vi.advanceTimersByTimeAsync(2500);
      const download = await within(screen.getByTestId('export-row-e-done')).findByRole('button', {
        name: /Download/,
      });
      expect(screen.queryByTestId('export-progress')).toBeNull();
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      fireEvent.click(download);
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith('https://files.example/e-done.zip', '_blank', 'noopener'),
      );
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/export/e-done'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows why an export failed', async () => {
    serve([[dataExport('e-bad', { status: 'failed', error: 'The export could not be written.' })]]);
    renderWithProviders(<DataExportSection identifier="acme" />);
    const row = await screen.findByTestId('export-row-e-bad');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByRole('alert').textContent).toContain('could not be written');
    expect(within(row).queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
