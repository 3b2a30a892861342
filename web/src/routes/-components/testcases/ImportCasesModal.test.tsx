import { MAX_UPLOAD_BYTES } from '@shared/domain/testing';
import type { UploadReport } from '@shared/schemas/testcases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { failResponse, okResponse } from './case-fixtures';
import { ImportCasesModal } from './ImportCasesModal';

function pick(dialog: HTMLElement, file: File) {
  const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

function sized(name: string, bytes: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

afterEach(() => vi.unstubAllGlobals());

describe('ImportCasesModal', { timeout: 30_000 }, () => {
  it('refuses a file that is too large or not a spreadsheet before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInProject(<ImportCasesModal projectId={PROJECT_ID} opened onClose={() => undefined} />, {
      queryClient: seededQueryClient(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import cases' });
    expect(dialog.textContent).toContain('ID, Title, Module, Type, Priority, Tags, Preconditions, Steps');

    pick(dialog, sized('huge.xlsx', MAX_UPLOAD_BYTES + 1));
    expect(within(dialog).getByTestId('import-problem').textContent).toBe(
      'huge.xlsx is 5 MB: files of at most 5 MB can be imported',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);

    pick(dialog, sized('notes.txt', 20));
    expect(within(dialog).getByTestId('import-problem').textContent).toContain(
      'choose an .xlsx or .csv file',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads the file with the project, then reports what happened and every rejected row', async () => {
    const report: UploadReport = {
      rows: 4,
      created: 2,
      updated: 1,
      unchanged: 0,
      modulesCreated: 1,
      rejected: [{ row: 4, reasons: ['Title: Please enter title', 'Type: unknown type Smoke'] }],
    };
    const fetch = vi.fn(async () => okResponse(report, 201));
    vi.stubGlobal('fetch', fetch);
    renderInProject(<ImportCasesModal projectId={PROJECT_ID} opened onClose={() => undefined} />, {
      queryClient: seededQueryClient(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import cases' });
    const file = new File(['Title\nSign in\n'], 'cases.csv', { type: 'text/csv' });
    pick(dialog, file);
    expect(within(dialog).queryByTestId('import-problem')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const shown = await within(dialog).findByTestId('import-report');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/pms/pmsProjectTestcase/upload');
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body.get('pmsProjectId')).toBe(PROJECT_ID);
    expect((body.get('file') as File).name).toBe('cases.csv');
    expect(new Headers(init.headers).get('content-type')).toBeNull();

    expect(shown.textContent).toContain('cases.csv: 4 rows read, 1 rejected.');
    expect(within(shown).getByText('Created').previousSibling?.textContent).toBe('2');
    expect(within(shown).getByText('Modules created').previousSibling?.textContent).toBe('1');
    const rows = within(within(shown).getByTestId('rejected-rows')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowReasons',
      '4Title: Please enter titleType: unknown type Smoke',
    ]);
  });

  it('keeps the dialog with the reason when the server refuses the whole file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failResponse(400, 'file: The file has no Title column', 'BAD_REQUEST')),
    );
    renderInProject(<ImportCasesModal projectId={PROJECT_ID} opened onClose={() => undefined} />, {
      queryClient: seededQueryClient(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import cases' });
    pick(dialog, new File(['Name\nx\n'], 'cases.csv'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(dialog.textContent).toContain('file: The file has no Title column. Nothing was written.'),
    );
    expect(within(dialog).queryByTestId('import-report')).toBeNull();
  });
});
