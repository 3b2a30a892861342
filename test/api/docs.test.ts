/**
 * The knowledge base (docs/api-conventions.md "Knowledge base") on the real stack: folders and
 * the tree rules, wiki pages with revisions, conflicts and restores, uploads through the real
 * presigned POST into s3rver with the bytes checked, downloads, the trash and its sweep, search,
 * references, and who may use which library.
 */

import type { Page } from '@shared/schemas/common';
import type {
  DocDetail,
  DocNode,
  DocReferrer,
  DocTreeNode,
  Download,
  Revision,
  RevisionSummary,
  SaveConflict,
  SearchHit,
  TrashEntry,
  UploadTicket,
  WikiDetail,
} from '@shared/schemas/docs';
import type { IssueDetail } from '@shared/schemas/issues';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { drainJobs, runSchedule } from '../../functions/src/core/jobs/jobs';
import { objectSize } from '../../functions/src/core/storage/files';
import { uploadLimits } from '../../functions/src/modules/docs/files';
import { forgetSpaces } from '../../functions/src/modules/docs/space-state';
import {
  createFolder,
  createPage,
  docxBytes,
  errorOf,
  PNG_BYTES,
  pdfBytes,
  pmsOf,
  postToStorage,
  savePage,
  uploadFile,
  xlsxBytes,
} from './docs-fixtures';
import { builtInRole, createEnterprise, expectStatus, setRoles, signUp, type TestUser } from './helpers';
import { createTeam, issuesBase, type Team } from './issue-fixtures';
import { createProduct, createSpec } from './product-fixtures';

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

const titlesOf = (nodes: readonly DocTreeNode[]): unknown[] =>
  nodes.map((n) => (n.children.length > 0 ? { [n.title]: titlesOf(n.children) } : n.title));

let team: Team;
let owner: TestUser;
let pms: string;

beforeAll(async () => {
  team = await createTeam(2);
  owner = team.owner;
  pms = pmsOf(team.enterprise);
});

describe('folders and the tree', () => {
  it('nests folders and pages, lists a folder in pages, and keeps siblings in order', async () => {
    const handbook = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'Handbook' });
    const people = await createFolder(owner, team.enterprise, {
      space: 'enterprise',
      title: 'People',
      root_id: handbook.id,
    });
    expect(people.path).toEqual([{ id: handbook.id, title: 'Handbook' }]);
    await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Holidays', root_id: people.id });
    await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Welcome', root_id: handbook.id });
    const tree = expectStatus(
      await owner.client.get<DocTreeNode[]>(`${pms}/docs/tree?space=enterprise`),
      200,
    );
    expect(titlesOf(tree.data)).toEqual([{ Handbook: [{ People: ['Holidays'] }, 'Welcome'] }]);

    const page1 = expectStatus(
      await owner.client.get<Page<DocNode>>(
        `${pms}/docs/list?space=enterprise&folderId=${handbook.id}&pageSize=1`,
      ),
      200,
    ).data;
    expect(page1).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(page1.rows.map((r) => r.title)).toEqual(['People']);
  });

  it('moves and renames at the version read, and refuses a move into its own subtree', async () => {
    const a = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'A' });
    const b = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'B', root_id: a.id });
    const into = await owner.client.put(`${pms}/docs/${a.id}`, { root_id: b.id, version: a.version });
    expect(into.status).toBe(400);
    expect(errorOf(into)).toBe('root_id: A cannot move into itself or a folder inside it');
    const self = await owner.client.put(`${pms}/docs/${a.id}`, { root_id: a.id, version: a.version });
    expect(self.status).toBe(400);

    const moved = expectStatus(
      await owner.client.put<DocDetail>(`${pms}/docs/${b.id}`, { root_id: null, title: 'B2', version: 1 }),
      200,
    ).data;
    expect(moved).toMatchObject({ title: 'B2', root_id: null, version: 2 });
    const stale = await owner.client.put(`${pms}/docs/${b.id}`, { title: 'B3', version: 1 });
    expect(stale.status).toBe(409);
  });

  it('keeps a new order among siblings (sort), in the tree and the folder list, after a restart', async () => {
    const folder = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'Ordered' });
    const [first, second, third] = [
      await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Zeta', root_id: folder.id }),
      await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Alpha', root_id: folder.id }),
      await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Mid', root_id: folder.id }),
    ] as [WikiDetail, WikiDetail, WikiDetail];
    const childrenOf = async () => {
      const tree = expectStatus(
        await owner.client.get<DocTreeNode[]>(`${pms}/docs/tree?space=enterprise`),
        200,
      ).data;
      return tree.find((n) => n.id === folder.id)!.children.map((n) => n.title);
    };
    // Created last-first-middle: the order they were added, not their titles'.
    expect(await childrenOf()).toEqual(['Zeta', 'Alpha', 'Mid']);
    // "Move up" on Mid twice, as the menu does it: a sort between (or before) its neighbours.
    const moved = expectStatus(
      await owner.client.put<DocDetail>(`${pms}/docs/${third.id}`, {
        sort: first.sort - 1,
        version: third.version,
      }),
      200,
    ).data;
    expect(moved.sort).toBe(first.sort - 1);
    expectStatus(
      await owner.client.put(`${pms}/docs/${second.id}`, {
        sort: (first.sort + first.sort - 1) / 2,
        version: second.version,
      }),
      200,
    );
    expect(await childrenOf()).toEqual(['Mid', 'Alpha', 'Zeta']);
    // From the table, not this process's copy of the space.
    forgetSpaces();
    expect(await childrenOf()).toEqual(['Mid', 'Alpha', 'Zeta']);
    const listed = expectStatus(
      await owner.client.get<Page<DocNode>>(`${pms}/docs/list?space=enterprise&folderId=${folder.id}`),
      200,
    ).data;
    expect(listed.rows.map((r) => r.title)).toEqual(['Mid', 'Alpha', 'Zeta']);
  });

  it('refuses over-long titles, unknown and foreign folder ids, and folders past eight levels', async () => {
    const long = await owner.client.post(`${pms}/folders`, { space: 'enterprise', title: 'x'.repeat(121) });
    expect(long.status).toBe(400);
    expect(errorOf(long)).toBe('title: Title must be at most 120 characters');

    const unknown = await owner.client.post(`${pms}/folders`, {
      space: 'enterprise',
      title: 'Lost',
      root_id: 'enterprise.0000000000000000000000000a',
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toBe(
      'root_id: Folder enterprise.0000000000000000000000000a does not exist in this library',
    );

    const other = await createTeam(0);
    const theirs = await createFolder(other.owner, other.enterprise, {
      space: 'enterprise',
      title: 'Theirs',
    });
    const foreign = await owner.client.post(`${pms}/folders`, {
      space: 'enterprise',
      title: 'Planted',
      root_id: theirs.id,
    });
    expect(foreign.status).toBe(400);
    expect(await owner.client.get(`${pms}/docs/${theirs.id}`)).toMatchObject({ status: 404 });

    let parent: string | null = null;
    for (let level = 1; level <= 8; level += 1) {
      parent = (
        await createFolder(owner, team.enterprise, {
          space: 'enterprise',
          title: `L${level}`,
          root_id: parent,
        })
      ).id;
    }
    const ninth = await owner.client.post(`${pms}/folders`, {
      space: 'enterprise',
      title: 'L9',
      root_id: parent,
    });
    expect(ninth.status).toBe(400);
    expect(errorOf(ninth)).toBe('root_id: Folders may be at most 8 levels deep');
  });
});

describe('wiki pages, revisions and conflicts', () => {
  it('keeps every save as a revision, lists them, and reads any one back', async () => {
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Release process',
      content: '# Release\n\nTag the build.',
    });
    expect(page).toMatchObject({ kind: 'wiki', revision: 1, content: '# Release\n\nTag the build.' });
    const second = expectStatus(
      await savePage(owner, team.enterprise, page.id, {
        content: '# Release\n\nTag and sign the build.',
        summary: 'Signing',
        baseRevision: 1,
      }),
      200,
    ).data;
    expect(second).toMatchObject({ revision: 2, summary: 'Signing' });
    const member = team.members[0]!;
    const third = expectStatus(
      await savePage(member, team.enterprise, page.id, {
        content: '# Release\n\nTag and sign the build. Announce it.',
        baseRevision: 2,
      }),
      200,
    ).data;
    expect(third.revision).toBe(3);

    const history = expectStatus(
      await owner.client.get<Page<RevisionSummary>>(`${pms}/wikiPages/${page.id}/revisions?pageSize=2`),
      200,
    ).data;
    expect(history.total).toBe(3);
    expect(history.rows.map((r) => [r.revision, r.author.userId])).toEqual([
      [3, member.userId],
      [2, owner.userId],
    ]);
    const first = expectStatus(
      await owner.client.get<Revision>(`${pms}/wikiPages/${page.id}/revisions/1`),
      200,
    ).data;
    expect(first).toMatchObject({ revision: 1, content: '# Release\n\nTag the build.', deleted: false });
  });

  it("answers a stale save with 409 and the other person's revision, and writes nothing", async () => {
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Shared',
      content: 'v1',
    });
    const [ann, bob] = team.members as [TestUser, TestUser];
    expectStatus(
      await savePage(ann, team.enterprise, page.id, { content: 'Ann was here', baseRevision: 1 }),
      200,
    );
    const late = await savePage(bob, team.enterprise, page.id, { content: 'Bob was here', baseRevision: 1 });
    expect(late.status).toBe(409);
    const conflict = late.body.data as SaveConflict;
    expect(conflict).toMatchObject({ baseRevision: 1, current: { revision: 2, content: 'Ann was here' } });
    expect(conflict.current.author.userId).toBe(ann.userId);
    const now = expectStatus(await owner.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`), 200).data;
    expect(now).toMatchObject({ revision: 2, content: 'Ann was here' });
    // Merged on top of the current revision, the save goes through.
    const merged = await savePage(bob, team.enterprise, page.id, {
      content: 'Ann was here\nBob was here',
      baseRevision: 2,
    });
    expect(merged.status).toBe(200);
  });

  it('restores a revision as a new one, and refuses deleted revisions', async () => {
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Keys',
      content: 'safe',
    });
    await savePage(owner, team.enterprise, page.id, { content: 'password: hunter2', baseRevision: 1 });
    await savePage(owner, team.enterprise, page.id, { content: 'safe again', baseRevision: 2 });
    const restored = expectStatus(
      await owner.client.post<WikiDetail>(`${pms}/wikiPages/${page.id}/revisions/1/restore`, {
        baseRevision: 3,
      }),
      200,
    ).data;
    expect(restored).toMatchObject({ revision: 4, content: 'safe', summary: 'Restored revision 1' });

    const current = await owner.client.delete(`${pms}/wikiPages/${page.id}/revisions/4`);
    expect(current.status).toBe(409);
    const deleted = expectStatus(
      await owner.client.delete<RevisionSummary>(`${pms}/wikiPages/${page.id}/revisions/2`),
      200,
    ).data;
    expect(deleted).toMatchObject({ revision: 2, deleted: true, deletedBy: { userId: owner.userId } });
    const gone = expectStatus(
      await owner.client.get<Revision>(`${pms}/wikiPages/${page.id}/revisions/2`),
      200,
    );
    expect(gone.data).toMatchObject({ deleted: true, content: '' });
    const again = await owner.client.post(`${pms}/wikiPages/${page.id}/revisions/2/restore`, {
      baseRevision: 4,
    });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe('Revision 2 was deleted, so it cannot be restored');
    const missing = await owner.client.post(`${pms}/wikiPages/${page.id}/revisions/9/restore`, {
      baseRevision: 4,
    });
    expect(missing.status).toBe(404);
    // Members hold no remove permission.
    const byMember = await team.members[0]!.client.delete(`${pms}/wikiPages/${page.id}/revisions/3`);
    expect(byMember.status).toBe(403);
    const after = expectStatus(await owner.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`), 200).data;
    expect(after.revision).toBe(4);
  });

  it('refuses a page over 512 KB (400) and a 5 MB body (413), writing nothing', async () => {
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Big',
      content: 'small',
    });
    const large = await savePage(owner, team.enterprise, page.id, {
      content: 'a'.repeat(600 * 1024),
      baseRevision: 1,
    });
    expect(large.status).toBe(400);
    expect(errorOf(large)).toBe('content: A page may hold at most 512 KB of text');
    const huge = await savePage(owner, team.enterprise, page.id, {
      content: 'a'.repeat(5 * 1024 * 1024),
      baseRevision: 1,
    });
    expect(huge.status).toBe(413);
    const after = expectStatus(await owner.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`), 200).data;
    expect(after).toMatchObject({ revision: 1, content: 'small' });
  });

  it('deleteWiki moves only wiki pages to the trash', async () => {
    const folder = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'Not a page' });
    const refused = await owner.client.delete(`${pms}/deleteWiki/${folder.id}`);
    expect(refused.status).toBe(400);
    const page = await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Old page' });
    expectStatus(await owner.client.delete(`${pms}/deleteWiki/${page.id}`), 200);
    expect((await owner.client.get(`${pms}/wikiPages/${page.id}`)).status).toBe(404);
  });
});

describe('files: presigned POST, checked bytes, downloads', () => {
  it('uploads a PDF straight to storage, checks it, and hands out a short-lived download', async () => {
    const bytes = pdfBytes('Quarterly plan');
    const confirmed = expectStatus(
      await uploadFile(owner, team.enterprise, { space: 'enterprise', fileName: 'Plan Q3.pdf' }, bytes),
      200,
    ).data;
    expect(confirmed).toMatchObject({ kind: 'file', title: 'Plan Q3.pdf' });
    expect(confirmed.file).toMatchObject({ mime: 'application/pdf', preview: 'pdf', size: bytes.length });
    const download = expectStatus(
      await owner.client.get<Download>(
        `/api/file/common/downloadByIdentifier/${confirmed.file!.identifier}?disposition=inline`,
      ),
      200,
    ).data;
    expect(download).toMatchObject({ fileName: 'Plan Q3.pdf', mime: 'application/pdf', size: bytes.length });
    expect(Date.parse(download.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    const fetched = await fetch(download.url);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toContain('inline; filename="Plan Q3.pdf"');
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(bytes);

    const redirect = await owner.client.get(
      `/api/file/common/downloadByIdentifier/${confirmed.file!.identifier}?redirect=1`,
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('response-content-disposition=attachment');
  });

  it('never serves HTML or SVG inline', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const file = expectStatus(
      await uploadFile(owner, team.enterprise, { space: 'enterprise', fileName: 'logo.svg' }, svg),
      200,
    ).data;
    const download = expectStatus(
      await owner.client.get<Download>(
        `/api/file/common/downloadByIdentifier/${file.file!.identifier}?disposition=inline`,
      ),
      200,
    ).data;
    const fetched = await fetch(download.url);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('accepts an image, text, code, CSV, xlsx and docx, each with the preview its bytes call for', async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const uploads = [
      { fileName: 'Floor plan.png', bytes: PNG_BYTES, mime: 'image/png', preview: 'image' },
      { fileName: 'notes.txt', bytes: text('Bring the badge.\n'), mime: 'text/plain', preview: 'text' },
      {
        fileName: 'deploy.ts',
        bytes: text('export const region = "eu";\n'),
        mime: 'text/plain',
        preview: 'code',
      },
      { fileName: 'costs.csv', bytes: text('Item,Cost\nLaptops,1200\n'), mime: 'text/csv', preview: 'csv' },
      {
        fileName: 'calendar.xlsx',
        bytes: await xlsxBytes([
          ['Month', 'Release'],
          ['May', '2.1'],
        ]),
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        preview: 'xlsx',
      },
      {
        fileName: 'minutes.docx',
        bytes: docxBytes(['Minutes of the kickoff', '**Decided: ship in May**']),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        preview: 'docx',
      },
    ];
    for (const { fileName, bytes, mime, preview } of uploads) {
      const file = expectStatus(
        await uploadFile(owner, team.enterprise, { space: 'enterprise', fileName }, bytes),
        200,
      ).data;
      expect(file.file, fileName).toMatchObject({ fileName, mime, preview, size: bytes.length });
      const download = expectStatus(
        await owner.client.get<Download>(
          `/api/file/common/downloadByIdentifier/${file.file!.identifier}?disposition=inline`,
        ),
        200,
      ).data;
      const served = await fetch(download.url);
      expect(served.headers.get('content-type'), fileName).toBe(mime);
      expect(served.headers.get('content-disposition'), fileName).toMatch(/^inline;/);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses a .docx whose bytes are a PNG, and an .xlsx that is really a .docx', async () => {
    const picture = await uploadFile(
      owner,
      team.enterprise,
      { space: 'enterprise', fileName: 'report.docx' },
      PNG_BYTES,
    );
    expect(picture.status).toBe(400);
    expect(errorOf(picture)).toBe('file: report.docx is not a .docx file: its content is image/png (.png)');
    const word = await uploadFile(
      owner,
      team.enterprise,
      { space: 'enterprise', fileName: 'sheet.xlsx' },
      docxBytes(['Not a sheet']),
    );
    expect(word.status).toBe(400);
    expect(errorOf(word)).toBe(
      'file: sheet.xlsx is not a .xlsx file: its content is application/vnd.openxmlformats-officedocument.wordprocessingml.document (.docx)',
    );
  });

  it('deletes an upload whose bytes are not what its name says, leaving nothing behind', async () => {
    const start = expectStatus(
      await owner.client.post<UploadTicket>(`${pms}/docs/files`, {
        space: 'enterprise',
        fileName: 'contract.pdf',
        size: PNG_BYTES.length,
      }),
      201,
    ).data;
    expect((await postToStorage(start, PNG_BYTES, 'contract.pdf')).status).toBe(204);
    const key = `ent/${team.enterprise.id}/docs/enterprise/files/${start.doc.id.split('.')[1]}`;
    expect(await objectSize(key)).toBe(PNG_BYTES.length);
    const confirm = await owner.client.post(`${pms}/docs/files/${start.doc.id}/confirm`);
    expect(confirm.status).toBe(400);
    expect(errorOf(confirm)).toBe('file: contract.pdf is not a .pdf file: its content is image/png (.png)');
    expect(await objectSize(key)).toBeNull();
    expect((await owner.client.get(`${pms}/docs/${start.doc.id}`)).status).toBe(404);
    const again = await owner.client.post(`${pms}/docs/files/${start.doc.id}/confirm`);
    expect(again.status).toBe(404);
  });

  it('refuses types it does not accept, and text files that are binary', async () => {
    const exe = await owner.client.post(`${pms}/docs/files`, {
      space: 'enterprise',
      fileName: 'setup.exe',
      size: 10,
    });
    expect(exe.status).toBe(400);
    expect(errorOf(exe)).toBe('fileName: files of type .exe are not accepted');
    const notes = await uploadFile(
      owner,
      team.enterprise,
      { space: 'enterprise', fileName: 'notes.txt' },
      PNG_BYTES,
    );
    expect(notes.status).toBe(400);
  });

  it('holds the size limit in the POST policy: storage refuses a larger file before storing it', async () => {
    const saved = uploadLimits.maxBytes;
    uploadLimits.maxBytes = 2048;
    try {
      const declared = await owner.client.post(`${pms}/docs/files`, {
        space: 'enterprise',
        fileName: 'big.txt',
        size: 4096,
      });
      expect(declared.status).toBe(413);
      // Someone declares a small size, then sends more: S3 (here s3rver behind its policy gate) says no.
      const ticket = expectStatus(
        await owner.client.post<UploadTicket>(`${pms}/docs/files`, {
          space: 'enterprise',
          fileName: 'big.txt',
          size: 100,
        }),
        201,
      ).data;
      const policy = JSON.parse(
        Buffer.from(ticket.fields.Policy ?? ticket.fields.policy ?? '', 'base64').toString(),
      );
      expect(policy.conditions).toContainEqual(['content-length-range', 1, 2048]);
      const refused = await postToStorage(ticket, new Uint8Array(4096).fill(97), 'big.txt');
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('<Code>EntityTooLarge</Code>');
      const confirm = await owner.client.post(`${pms}/docs/files/${ticket.doc.id}/confirm`);
      expect(confirm.status).toBe(409);
    } finally {
      uploadLimits.maxBytes = saved;
    }
  });

  it('shows no document for an upload that never completes, and sweeps it', async () => {
    const ticket = expectStatus(
      await owner.client.post<UploadTicket>(`${pms}/docs/files`, {
        space: 'enterprise',
        fileName: 'never.pdf',
        size: 1000,
      }),
      201,
    ).data;
    const tree = expectStatus(
      await owner.client.get<DocTreeNode[]>(`${pms}/docs/tree?space=enterprise`),
      200,
    ).data;
    expect(JSON.stringify(tree)).not.toContain(ticket.doc.id);
    expect((await owner.client.get(`${pms}/docs/${ticket.doc.id}`)).status).toBe(404);
    clock.now = () => realNow() + 3 * 3600 * 1000;
    await runSchedule('docs', 'sweep-uploads');
    clock.now = realNow;
    const confirm = await owner.client.post(`${pms}/docs/files/${ticket.doc.id}/confirm`);
    expect(confirm.status).toBe(404);
  });

  it('attaches pasted images to a page', async () => {
    const page = await createPage(owner, team.enterprise, { space: 'enterprise', title: 'With image' });
    const image = expectStatus(
      await uploadFile(
        owner,
        team.enterprise,
        { space: 'enterprise', fileName: 'paste.png', attachTo: page.id },
        PNG_BYTES,
      ),
      200,
    ).data;
    expect(image).toMatchObject({ attachment: true, root_id: page.id });
    const read = expectStatus(await owner.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`), 200).data;
    expect(read.attachments.map((a) => a.id)).toEqual([image.id]);
    const tree = expectStatus(
      await owner.client.get<DocTreeNode[]>(`${pms}/docs/tree?space=enterprise`),
      200,
    ).data;
    expect(JSON.stringify(tree)).not.toContain(image.id);
  });
});

describe('the trash', () => {
  it('takes a folder with what is in it, restores it, and purges it for good when asked', async () => {
    const folder = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'Archive' });
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Old plan',
      root_id: folder.id,
      content: 'archived zebra words',
    });
    expectStatus(await owner.client.delete(`${pms}/docs/${folder.id}`), 200);
    expect((await owner.client.get(`${pms}/wikiPages/${page.id}`)).status).toBe(404);
    const trash = expectStatus(
      await owner.client.get<Page<TrashEntry>>(`${pms}/docs/trash?space=enterprise`),
      200,
    ).data;
    const entry = trash.rows.find((r) => r.id === folder.id)!;
    expect(entry).toMatchObject({ title: 'Archive', itemCount: 1, deletedBy: { userId: owner.userId } });
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 24 * 3600 * 1000);

    expectStatus(await owner.client.post(`${pms}/docs/trash/${folder.id}/restore`), 200);
    expect((await owner.client.get(`${pms}/wikiPages/${page.id}`)).status).toBe(200);

    expectStatus(await owner.client.delete(`${pms}/docs/${folder.id}`), 200);
    expectStatus(await owner.client.delete(`${pms}/docs/trash/${folder.id}`), 200);
    const after = expectStatus(
      await owner.client.get<Page<TrashEntry>>(`${pms}/docs/trash?space=enterprise`),
      200,
    ).data;
    expect(after.rows.map((r) => r.id)).not.toContain(folder.id);
    expect((await owner.client.post(`${pms}/docs/trash/${folder.id}/restore`)).status).toBe(404);
    expect((await owner.client.get(`${pms}/wikiPages/${page.id}/revisions/1`)).status).toBe(404);
  });

  it('removes what stayed thirty days, with its stored file', async () => {
    const folder = await createFolder(owner, team.enterprise, { space: 'enterprise', title: 'Expiring' });
    const file = expectStatus(
      await uploadFile(
        owner,
        team.enterprise,
        { space: 'enterprise', fileName: 'x.pdf', root_id: folder.id },
        pdfBytes(),
      ),
      200,
    ).data;
    const key = `ent/${team.enterprise.id}/docs/enterprise/files/${file.id.split('.')[1]}`;
    expectStatus(await owner.client.delete(`${pms}/docs/${folder.id}`), 200);
    clock.now = () => realNow() + 29 * 24 * 3600 * 1000;
    await runSchedule('docs', 'purge-trash');
    expect(await objectSize(key)).not.toBeNull();
    clock.now = () => realNow() + 31 * 24 * 3600 * 1000;
    await runSchedule('docs', 'purge-trash');
    clock.now = realNow;
    expect(await objectSize(key)).toBeNull();
    expect((await owner.client.post(`${pms}/docs/trash/${folder.id}/restore`)).status).toBe(404);
  });
});

describe('search', () => {
  it('finds titles and text, ranked, marked, and leaves out what is in the trash', async () => {
    const space = team.project.id;
    await createPage(owner, team.enterprise, {
      space,
      title: 'Deployment checklist',
      content: 'Before the rollout, freeze merges. The rollout takes an hour.',
    });
    await createPage(owner, team.enterprise, {
      space,
      title: 'Incident review',
      content: 'The rollout of version 2 failed because of the cache.',
    });
    await createPage(owner, team.enterprise, { space, title: 'Rollout guide', content: 'Steps.' });
    const gone = await createPage(owner, team.enterprise, {
      space,
      title: 'Rollout retired',
      content: 'old',
    });
    await owner.client.delete(`${pms}/docs/${gone.id}`);
    const found = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=rollout&space=${space}`),
      200,
    ).data;
    const titles = found.rows.map((h) => h.title.map((p) => p.text).join(''));
    // A title match outranks matches in the text alone; the page in the trash is not found.
    expect(titles[0]).toBe('Rollout guide');
    expect(titles.slice(1).sort()).toEqual(['Deployment checklist', 'Incident review']);
    expect(found.rows[0]!.title[0]).toEqual({ text: 'Rollout', hit: true });
    const checklist = found.rows.find((h) => h.title[0]?.text.startsWith('Deployment'))!;
    expect(checklist.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(['rollout', 'rollout']);
    // Titles are matched by prefix: search as you type.
    const typed = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=deplo&space=${space}`),
      200,
    ).data;
    expect(typed.rows.map((h) => h.id)).toHaveLength(1);
    expect(typed.rows[0]!.title[0]).toEqual({ text: 'Deployment', hit: true });
  });

  it('searches every library the caller may read, and no other', async () => {
    const word = `zq${Date.now().toString(36)}`;
    await createPage(owner, team.enterprise, { space: 'enterprise', title: `${word} policy` });
    await createPage(owner, team.enterprise, { space: team.project.id, title: `${word} runbook` });
    const all = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=${word}`),
      200,
    ).data;
    expect(all.rows.map((h) => h.space_name).sort()).toEqual(
      ['Enterprise library', team.project.name].sort(),
    );
    const outsider = team.outsider;
    const theirs = expectStatus(
      await outsider.client.get<Page<SearchHit>>(`${pms}/docs/search?q=${word}`),
      200,
    ).data;
    expect(theirs.rows.map((h) => h.space)).toEqual(['enterprise']);
    const denied = await outsider.client.get(`${pms}/docs/search?q=${word}&space=${team.project.id}`);
    expect(denied.status).toBe(403);
  });

  it('finds a file by the words of its name', async () => {
    const word = `ledger${Date.now().toString(36)}`;
    const file = expectStatus(
      await uploadFile(
        owner,
        team.enterprise,
        { space: 'enterprise', fileName: `Travel ${word} 2026.csv` },
        new TextEncoder().encode('Trip,Cost\nBerlin,420\n'),
      ),
      200,
    ).data;
    const found = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=${word}&space=enterprise`),
      200,
    ).data;
    expect(found.rows.map((h) => [h.id, h.kind])).toEqual([[file.id, 'file']]);
    expect(found.rows[0]!.title.filter((p) => p.hit).map((p) => p.text)).toEqual([word]);
    // Typed as far as the first letters.
    const typed = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=${word.slice(0, 6)}&space=enterprise`),
      200,
    ).data;
    expect(typed.rows.map((h) => h.id)).toContain(file.id);
  });

  it('saves the index for the next process and starts from it', async () => {
    const space = team.project.id;
    for (let i = 0; i < 26; i += 1)
      await createFolder(owner, team.enterprise, { space, title: `Batch ${i}` });
    await owner.client.get(`${pms}/docs/search?q=anything&space=${space}`);
    await drainJobs();
    const { searchStats, forgetSearchIndexes } = await import(
      '../../functions/src/modules/docs/search-index'
    );
    forgetSearchIndexes();
    const before = searchStats.snapshotLoads;
    const found = expectStatus(
      await owner.client.get<Page<SearchHit>>(`${pms}/docs/search?q=checklist&space=${space}`),
      200,
    ).data;
    expect(searchStats.snapshotLoads).toBe(before + 1);
    expect(found.rows.map((h) => h.title.map((p) => p.text).join(''))).toContain('Deployment checklist');
  });
});

describe('project libraries and references', () => {
  it('follow project membership: enterprise members outside the project get 403, admins pass', async () => {
    const outsider = team.outsider;
    const denied = await outsider.client.get(`${pms}/docs/tree?space=${team.project.id}`);
    expect(denied.status).toBe(403);
    expect(errorOf(denied)).toBe(`Only members of project ${team.project.name} may use its documents`);
    const admin = await signUp();
    const { addMember } = await import('./helpers');
    await addMember(owner, team.enterprise, admin, [
      (await builtInRole(owner, team.enterprise, 'admin')).roleId,
    ]);
    expect((await admin.client.get(`${pms}/docs/tree?space=${team.project.id}`)).status).toBe(200);
    const unknown = await owner.client.get(`${pms}/docs/tree?space=nosuchproject`);
    expect(unknown.status).toBe(404);
  });

  it('shows a page that mentions #n on that work item, and drops it when the page no longer does', async () => {
    const issue = expectStatus(
      await owner.client.post<IssueDetail>(`${issuesBase(team.enterprise)}/add`, {
        pmsProjectId: team.project.id,
        pmIssueType: 2,
        title: 'Write the runbook',
      }),
      201,
    ).data;
    const page = await createPage(owner, team.enterprise, {
      space: team.project.id,
      title: 'Runbook',
      content: `Tracked in #${issue.issueNumber}. Not \`#999\`.`,
    });
    expect(page.references).toEqual([
      expect.objectContaining({
        kind: 'issue',
        id: issue.id,
        number: issue.issueNumber,
        title: 'Write the runbook',
      }),
    ]);
    const link = `/${team.enterprise.enterpriseIdentifier}/projects/${team.project.id}/task/${issue.id}`;
    await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Overview',
      content: `See [the task](${link}).`,
    });
    const refs = expectStatus(
      await owner.client.get<DocReferrer[]>(`${pms}/docs/references?issueId=${issue.id}`),
      200,
    ).data;
    expect(refs.map((r) => r.title).sort()).toEqual(['Overview', 'Runbook']);
    // The outsider may read the enterprise library only.
    const outsiders = expectStatus(
      await team.outsider.client.get<DocReferrer[]>(`${pms}/docs/references?issueId=${issue.id}`),
      200,
    ).data;
    expect(outsiders.map((r) => r.title)).toEqual(['Overview']);

    await savePage(owner, team.enterprise, page.id, { content: 'No longer tracked.', baseRevision: 1 });
    const after = expectStatus(
      await owner.client.get<DocReferrer[]>(`${pms}/docs/references?issueId=${issue.id}`),
      200,
    ).data;
    expect(after.map((r) => r.title)).toEqual(['Overview']);
  });

  it('shows a page that links a spec on that spec, and drops it when the link goes', async () => {
    const identifier = team.enterprise.enterpriseIdentifier;
    const product = await createProduct(owner.client, identifier);
    const spec = await createSpec(owner.client, identifier, product.id, { title: 'Export to CSV' });
    // The spec's own address, as its page and the links to it in the app write it.
    const link = `/${identifier}/products/${product.id}/demand/${spec.id}`;
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Export design',
      content: `Implements [SR-${spec.number}](${link}).`,
    });
    expect(page.references).toEqual([
      expect.objectContaining({
        kind: 'spec',
        id: spec.id,
        number: spec.number,
        title: 'Export to CSV',
        productId: product.id,
      }),
    ]);
    const refs = expectStatus(
      await owner.client.get<DocReferrer[]>(`${pms}/docs/references?specId=${spec.id}`),
      200,
    ).data;
    expect(refs.map((r) => [r.id, r.title, r.space])).toEqual([[page.id, 'Export design', 'enterprise']]);

    const saved = expectStatus(
      await savePage(owner, team.enterprise, page.id, {
        content: 'Implements nothing yet.',
        baseRevision: 1,
      }),
      200,
    ).data;
    expect(saved.references).toEqual([]);
    const after = expectStatus(
      await owner.client.get<DocReferrer[]>(`${pms}/docs/references?specId=${spec.id}`),
      200,
    ).data;
    expect(after).toEqual([]);
  });

  it('resolves links between pages, for readers who may read the page linked to', async () => {
    const identifier = team.enterprise.enterpriseIdentifier;
    const glossary = await createPage(owner, team.enterprise, { space: 'enterprise', title: 'Glossary' });
    const secret = await createPage(owner, team.enterprise, {
      space: team.project.id,
      title: 'Acquisition plan',
    });
    const page = await createPage(owner, team.enterprise, {
      space: 'enterprise',
      title: 'Onboarding',
      content:
        `Terms are in [the glossary](/${identifier}/docs/wiki/${glossary.id}); ` +
        `see also [the plan](/${identifier}/projects/${team.project.id}/docs/wiki/${secret.id}).`,
    });
    expect(page.references.map((r) => [r.kind, r.id, r.title]).sort()).toEqual(
      [
        ['page', glossary.id, 'Glossary'],
        ['page', secret.id, 'Acquisition plan'],
      ].sort(),
    );
    // The outsider reads the enterprise library, not the project's: its page's title stays hidden.
    const read = expectStatus(
      await team.outsider.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`),
      200,
    ).data;
    expect(read.references.map((r) => r.id)).toEqual([glossary.id]);
    // A page in the trash is no longer shown as linked.
    expectStatus(await owner.client.delete(`${pms}/deleteWiki/${glossary.id}`), 200);
    const after = expectStatus(await owner.client.get<WikiDetail>(`${pms}/wikiPages/${page.id}`), 200).data;
    expect(after.references.map((r) => r.id)).toEqual([secret.id]);
  });

  it('refuses a references query naming neither or both targets', async () => {
    expect((await owner.client.get(`${pms}/docs/references`)).status).toBe(400);
  });
});

describe("another enterprise's documents", () => {
  it('are not found by id, and their files not downloadable', async () => {
    const [stranger] = [await signUp()];
    const theirs = await createEnterprise(stranger, 'Other Co');
    const file = expectStatus(
      await uploadFile(stranger, theirs, { space: 'enterprise', fileName: 'secret.pdf' }, pdfBytes()),
      200,
    ).data;
    const mine = await owner.client.get(`/api/file/common/downloadByIdentifier/${file.file!.identifier}`);
    expect(mine.status).toBe(404);
    const swapped = `${team.enterprise.id}.${file.id}`;
    expect((await owner.client.get(`/api/file/common/downloadByIdentifier/${swapped}`)).status).toBe(404);
    expect((await owner.client.get(`${pms}/docs/${file.id}`)).status).toBe(404);
    void setRoles;
  });
});
