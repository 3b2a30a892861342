import type { DocDetail, DocTreeNode, WikiDetail } from '@shared/schemas/docs';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { docKeys } from '../../../queries/docs';
import { alice, renderInProject, seededQueryClient } from '../../../test/project';
import { type DocsState, DocsStateProvider, parseDocsPath, useDocsState } from './docs-state';
import { WikiEditor } from './WikiEditor';

const node = (id: string, kind: DocDetail['kind'], title: string): DocDetail => ({
  id,
  space: 'enterprise',
  kind,
  title,
  root_id: null,
  sort: 0,
  attachment: false,
  revision: kind === 'wiki' ? 1 : null,
  file: null,
  createdBy: alice,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedBy: alice,
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  space_name: 'Enterprise library',
  path: [],
});

const wiki = (revision: number, content: string): WikiDetail => ({
  ...node('enterprise.p1', 'wiki', 'Runbook'),
  revision,
  content,
  summary: '',
  references: [],
  attachments: [],
});

let seen: DocsState | null = null;

/** Shows the state as the library's components see it, and its triggers as buttons. */
function Probe() {
  const state = useDocsState();
  seen = state;
  return (
    <div>
      <span data-testid="edit-type">{String(state.editType)}</span>
      <span data-testid="mode">{state.mode}</span>
      <span data-testid="selected">{state.selectNodeDetail?.title ?? 'none'}</span>
      <span data-testid="wiki">{state.wikiDetail ? `r${state.wikiDetail.revision}` : 'none'}</span>
      <span data-testid="init">
        {state.wikiPageInitDetail ? `r${state.wikiPageInitDetail.revision}` : 'none'}
      </span>
      <button type="button" onClick={() => void state.reloadMenu()}>
        reload menu
      </button>
      <button type="button" onClick={() => void state.reloadDetail()}>
        reload detail
      </button>
    </div>
  );
}

function seed(): QueryClient {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(docKeys.wiki('enterprise.p1'), wiki(1, 'Restart the worker.'));
  queryClient.setQueryData(docKeys.wiki('enterprise.p2'), { ...wiki(4, 'Other'), id: 'enterprise.p2' });
  queryClient.setQueryData(docKeys.detail('enterprise.f1'), node('enterprise.f1', 'folder', 'Handbook'));
  queryClient.setQueryData(docKeys.detail('enterprise.x1'), node('enterprise.x1', 'file', 'plan.pdf'));
  queryClient.setQueryData(docKeys.tree('enterprise'), [] as DocTreeNode[]);
  queryClient.setQueryData(docKeys.trash('enterprise', 1), { rows: [], total: 0, pageNum: 1, pageSize: 20 });
  queryClient.setQueryData(docKeys.tree('p9'), [] as DocTreeNode[]);
  return queryClient;
}

function renderAt(path: string, ui = <Probe />, queryClient = seed()) {
  return renderInProject(<DocsStateProvider>{ui}</DocsStateProvider>, { path, queryClient });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  seen = null;
  // A reload refetches what is shown: let it wait forever rather than reach for a server.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the addresses of both libraries', () => {
  it('name the selected document and what the pane does with it', () => {
    const cases: [string, ReturnType<typeof parseDocsPath>][] = [
      ['/acme/docs', { mode: 'library', selectedId: null, kind: null }],
      ['/acme/docs/', { mode: 'library', selectedId: null, kind: null }],
      ['/acme/docs/add', { mode: 'add', selectedId: null, kind: 'wiki' }],
      ['/acme/docs/folder/enterprise.f1', { mode: 'folder', selectedId: 'enterprise.f1', kind: 'folder' }],
      ['/acme/docs/wiki/enterprise.p1', { mode: 'page', selectedId: 'enterprise.p1', kind: 'wiki' }],
      [
        '/acme/docs/wiki/enterprise.p1/history',
        { mode: 'history', selectedId: 'enterprise.p1', kind: 'wiki' },
      ],
      [
        '/acme/docs/wiki/enterprise.p1/preview',
        { mode: 'preview', selectedId: 'enterprise.p1', kind: 'wiki' },
      ],
      [
        '/acme/docs/file/enterprise.x1/preview',
        { mode: 'preview', selectedId: 'enterprise.x1', kind: 'file' },
      ],
      ['/acme/docs/enterprise.p1/edit', { mode: 'edit', selectedId: 'enterprise.p1', kind: 'wiki' }],
      ['/acme/docs/enterprise.x1', { mode: 'open', selectedId: 'enterprise.x1', kind: null }],
      ['/acme/projects/p9/docs/wiki/p9.a', { mode: 'page', selectedId: 'p9.a', kind: 'wiki' }],
      ['/acme/projects/p9/docs/add', { mode: 'add', selectedId: null, kind: 'wiki' }],
      // An enterprise whose identifier starts with "docs" is not confused with the library.
      [
        '/docs-team/docs/folder/enterprise.f1',
        { mode: 'folder', selectedId: 'enterprise.f1', kind: 'folder' },
      ],
      ['/acme/projects/p9/task', { mode: 'library', selectedId: null, kind: null }],
    ];
    for (const [path, expected] of cases) expect(parseDocsPath(path), path).toEqual(expected);
  });
});

describe('useDocsState', () => {
  it('is the page viewed: editType wiki, its detail, and no edit base', async () => {
    renderAt('/acme/docs/wiki/enterprise.p1');
    await screen.findByTestId('mode');
    expect(text('mode')).toBe('page');
    expect(text('edit-type')).toBe('wiki');
    expect(text('selected')).toBe('Runbook');
    expect(text('wiki')).toBe('r1');
    expect(text('init')).toBe('none');
    expect(seen?.editing).toBe(false);
  });

  it('is a folder or a file: their details, no page', async () => {
    renderAt('/acme/docs/folder/enterprise.f1');
    await screen.findByTestId('mode');
    expect([text('edit-type'), text('selected'), text('wiki')]).toEqual(['folder', 'Handbook', 'none']);
  });

  it('learns the kind of /docs/{id} from its detail', async () => {
    renderAt('/acme/docs/enterprise.x1');
    await screen.findByTestId('mode');
    expect([text('mode'), text('edit-type'), text('selected')]).toEqual(['open', 'file', 'plan.pdf']);
  });

  it('is nothing selected at the top of the library, and a new page on /add', async () => {
    const top = renderAt('/acme/docs');
    await screen.findByTestId('mode');
    expect([text('edit-type'), text('selected'), String(seen?.editing)]).toEqual(['null', 'none', 'false']);
    top.unmount();
    renderAt('/acme/docs/add');
    await screen.findByTestId('mode');
    expect([text('mode'), text('edit-type'), text('selected'), String(seen?.editing)]).toEqual([
      'add',
      'wiki',
      'none',
      'true',
    ]);
  });

  it('keeps the page as it was when editing began, while the page itself moves on', async () => {
    const { queryClient } = renderAt(
      '/acme/docs/enterprise.p1/edit',
      <>
        <Probe />
        <WikiEditor />
      </>,
    );
    const editor = (await screen.findByTestId('wiki-content-input')) as HTMLTextAreaElement;
    expect(editor.value).toBe('Restart the worker.');
    expect(text('init')).toBe('r1');
    expect(seen?.editing).toBe(true);
    fireEvent.change(editor, { target: { value: 'Restart the worker, then the queue.' } });

    // Someone saves meanwhile and the page is read again (a focus refetch).
    act(() => {
      queryClient.setQueryData(docKeys.wiki('enterprise.p1'), wiki(2, 'Restart both workers.'));
    });
    await waitFor(() => expect(text('wiki')).toBe('r2'));
    // The base of the save stays revision 1 (so the save is answered 409, not silently applied).
    expect(text('init')).toBe('r1');
    expect(seen?.wikiPageInitDetail).toMatchObject({ revision: 1, content: 'Restart the worker.' });
    expect(editor.value).toBe('Restart the worker, then the queue.');
  });

  it('reloadMenu reloads the tree, lists and trash of this library only; reloadDetail the selected node only', async () => {
    const { queryClient } = renderAt('/acme/docs/wiki/enterprise.p1');
    await screen.findByTestId('mode');
    fireEvent.click(screen.getByRole('button', { name: 'reload menu' }));
    await waitFor(() => expect(invalidated(queryClient, docKeys.tree('enterprise'))).toBe(true));
    expect(invalidated(queryClient, docKeys.trash('enterprise', 1))).toBe(true);
    expect(invalidated(queryClient, docKeys.tree('p9'))).toBe(false);
    expect(invalidated(queryClient, docKeys.wiki('enterprise.p1'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'reload detail' }));
    await waitFor(() => expect(invalidated(queryClient, docKeys.wiki('enterprise.p1'))).toBe(true));
    expect(invalidated(queryClient, docKeys.wiki('enterprise.p2'))).toBe(false);
    expect(invalidated(queryClient, docKeys.detail('enterprise.f1'))).toBe(false);
  });
});
