/**
 * Data export: an owner starts an export, the job (drained here) builds the archive from every
 * partition of the enterprise and every file object, and the archive, downloaded through its
 * presigned address (s3rver), holds every item a raw table scan finds for the enterprise,
 * without secrets, and every file's bytes (one of them larger than the parts the archive is
 * uploaded in). Who may start it, one at a time, and isolation.
 */
import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DataExport } from '@shared/schemas/exports';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/src/core/db/client';
import { drainJobs, runJob } from '../../functions/src/core/jobs/jobs';
import { listObjectKeys, readObject, writeObject } from '../../functions/src/core/storage/files';
import { DROPPED_ATTRIBUTES } from '../../functions/src/modules/enterprise/archive';
import { createPage, pdfBytes, uploadFile } from './docs-fixtures';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';
import { createIssue, createProject, createTeam, issuesBase, type Team } from './issue-fixtures';
import { createProduct, createRequirement } from './product-fixtures';

const exportsOf = (identifier: string) => `/api/pms/pmsEnterprise/${identifier}/export`;

/** Every item of the enterprise's partitions, by a scan of the whole table. */
async function scanEnterprise(enterpriseId: string): Promise<Record<string, unknown>[]> {
  const pk = `ENT#${enterpriseId}`;
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'pk = :pk OR begins_with(pk, :inner)',
        ExpressionAttributeValues: { ':pk': pk, ':inner': `${pk}#` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function startExport(actor: TestUser, identifier: string): Promise<DataExport> {
  return expectStatus(await actor.client.post<DataExport>(exportsOf(identifier)), 201).data;
}

let team: Team;
let identifier: string;
let fileBytes: Uint8Array;

beforeAll(async () => {
  team = await createTeam(1);
  identifier = team.enterprise.enterpriseIdentifier;
  const { owner, enterprise, project } = team;
  // Work items in a project, a second project, a product with a requirement, pages and a file.
  for (let i = 0; i < 3; i += 1) await createIssue(owner, team);
  const other = await createProject(owner, enterprise);
  await createIssue(owner, { base: issuesBase(enterprise), project: other });
  const product = await createProduct(owner.client, identifier);
  await createRequirement(owner.client, identifier, product.id);
  await createPage(owner, enterprise, { space: 'enterprise', title: 'Handbook', content: 'Welcome' });
  // `#1` is the project's first work item: the page's reference lands in a `#DOCREF#` partition.
  await createPage(owner, enterprise, { space: project.id, title: 'Project notes', content: 'Notes on #1' });
  fileBytes = pdfBytes('Exported plan');
  expectStatus(
    await uploadFile(owner, enterprise, { space: 'enterprise', fileName: 'plan.pdf' }, fileBytes),
    200,
  );
  // A file larger than two upload parts: the archive streams to the bucket in several parts.
  await writeObject(
    `ent/${enterprise.id}/big/recording.bin`,
    randomBytes(12 * 1024 * 1024),
    'application/octet-stream',
  );
  await drainJobs();
});

describe('data export', () => {
  it('archives every item of the enterprise without secrets, and every file', {
    timeout: 120_000,
  }, async () => {
    const started = Date.now();
    const queued = await startExport(team.owner, identifier);
    expect(queued).toMatchObject({ status: 'queued', items: 0, files: 0, startedBy: team.owner.userId });
    await drainJobs();
    const elapsed = Date.now() - started;

    const done = expectStatus(
      await team.owner.client.get<DataExport>(`${exportsOf(identifier)}/${queued.id}`),
      200,
    ).data;
    expect(done.status).toBe('done');
    expect(done.downloadUrl).toBeTruthy();
    expect(Date.parse(done.downloadExpiresAt!) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(Date.parse(done.expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);

    const listed = expectStatus(await team.owner.client.get<DataExport[]>(exportsOf(identifier)), 200).data;
    expect(listed[0]).toMatchObject({ id: queued.id, status: 'done' });
    expect(listed[0]!.downloadUrl).toBeUndefined();

    const response = await fetch(done.downloadUrl!);
    expect(response.status).toBe(200);
    const archive = new Uint8Array(await response.arrayBuffer());
    expect(archive.length).toBe(done.sizeBytes);
    const entries = unzipSync(archive);

    // Every item a raw scan of the enterprise's partitions finds is in the JSON, by key.
    const exported = new Set<string>();
    let json = '';
    for (const [name, bytes] of Object.entries(entries)) {
      if (name.startsWith('files/') || name === 'export.json') continue;
      expect(name).toMatch(/^[a-z0-9-]+\.json$/);
      const text = strFromU8(bytes);
      json += text;
      for (const item of JSON.parse(text) as { pk: string; sk: string }[])
        exported.add(`${item.pk}|${item.sk}`);
    }
    const everything = await scanEnterprise(team.enterprise.id);
    // The audit log is no part of the export (its admins download it as CSV): none of its entries
    // is in the archive, and every other item is.
    const isAuditEntry = (item: Record<string, unknown>) => String(item.pk).includes('#AUDIT#');
    const auditEntries = everything.filter(isAuditEntry);
    expect(auditEntries.length).toBeGreaterThan(0);
    expect(auditEntries.filter((item) => exported.has(`${item.pk}|${item.sk}`))).toEqual([]);
    const scanned = everything.filter((item) => !isAuditEntry(item));
    const missing = scanned
      .map((item) => `${item.pk}|${item.sk}`)
      // The running marker is deleted when the export ends; it was in the archive meanwhile.
      .filter((key) => !exported.has(key));
    expect(missing).toEqual([]);
    expect(exported.size).toBe(done.items);
    for (const name of ['projects.json', 'issues.json', 'products.json']) expect(entries[name]).toBeDefined();
    const kinds = new Set(scanned.map((item) => String(item.pk).split('#')[2] ?? 'ENT'));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['DOCREF', 'DOCS', 'ENT', 'PRD', 'PRJ']));

    // No secret attribute anywhere.
    for (const name of DROPPED_ATTRIBUTES) expect(json).not.toContain(`"${name}":`);
    expect(json).not.toMatch(/"\w*Sealed":/);

    // Every file object of the enterprise, byte for byte.
    const keys = await listObjectKeys(`ent/${team.enterprise.id}/`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const archived = entries[`files/${key}`];
      expect(archived, key).toBeDefined();
      // Buffer comparison: a deep equality of 12 MB element by element takes minutes.
      expect(Buffer.from(archived!).equals(Buffer.from((await readObject(key))!)), key).toBe(true);
    }
    expect(keys.some((key) => Buffer.from(entries[`files/${key}`]!).equals(Buffer.from(fileBytes)))).toBe(
      true,
    );
    expect(done.files).toBe(keys.length);
    expect(done.total).toBe(done.items + done.files);

    // A second delivery of the same job changes nothing (at-least-once).
    await runJob({
      type: 'enterprise.build-export',
      payload: { enterpriseId: team.enterprise.id, exportId: queued.id },
    });
    const again = expectStatus(
      await team.owner.client.get<DataExport>(`${exportsOf(identifier)}/${queued.id}`),
      200,
    ).data;
    expect(again).toMatchObject({
      status: 'done',
      items: done.items,
      files: done.files,
      sizeBytes: done.sizeBytes,
    });

    console.info(
      `data export: ${done.items} items, ${done.files} files, ${archive.length} bytes, ${elapsed} ms`,
    );
  });

  it('runs one export at a time per enterprise, and another once it ended', async () => {
    const [a, b] = await Promise.all([
      team.owner.client.post<DataExport>(exportsOf(identifier)),
      team.owner.client.post<DataExport>(exportsOf(identifier)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    await drainJobs();
    const next = await startExport(team.owner, identifier);
    await drainJobs();
    const done = expectStatus(
      await team.owner.client.get<DataExport>(`${exportsOf(identifier)}/${next.id}`),
      200,
    );
    expect(done.data.status).toBe('done');
  });

  it('is refused to members without the permission, and hidden from outsiders', async () => {
    const member = team.members[0]!;
    expect((await member.client.post(exportsOf(identifier))).status).toBe(403);
    expect((await member.client.get(exportsOf(identifier))).status).toBe(403);
    const [stranger] = await signUpMany(1);
    expect((await stranger!.client.post(exportsOf(identifier))).status).toBe(404);
  });

  it("answers 404 for another enterprise's export", async () => {
    const [otherOwner] = await signUpMany(1);
    const other = await createEnterprise(otherOwner!, 'Other');
    const theirs = await startExport(otherOwner!, other.enterpriseIdentifier);
    await drainJobs();
    expect((await team.owner.client.get(`${exportsOf(identifier)}/${theirs.id}`)).status).toBe(404);
    expect((await team.owner.client.get(`${exportsOf(identifier)}/missing-id`)).status).toBe(404);
    const ours = expectStatus(await team.owner.client.get<DataExport[]>(exportsOf(identifier)), 200).data;
    expect(ours.map((e) => e.id)).not.toContain(theirs.id);
  });
});
