/**
 * Snapshots over the real stack (DynamoDB Local, s3rver): create (names unique per repository),
 * list, read, the component list, compare two snapshots, download an asset as a snapshot recorded
 * it after the repository's asset was replaced, the holds a snapshot puts on its assets, delete,
 * and the blob sweep freeing bytes nothing counts any more.
 */
import { createHash } from 'node:crypto';
import type {
  ArtifactRepository,
  CanDelete,
  Snapshot,
  SnapshotComparison,
  SnapshotComponent,
  SnapshotDetail,
} from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../functions/src/core/audit/log';
import { listObjectKeys } from '../../functions/src/core/storage/files';
import { GRACE_MS, sweepBlobs } from '../../functions/src/modules/artifacts/retention-sweep';
import { createHosted, libraryPath, textBytes, uploadAsset } from './artifact-fixtures';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let owner: TestUser;
let stranger: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const snapshotsPath = (repoId: string) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrarySnapshot/${repoId}`;

async function upload(path: string, text: string) {
  return expectStatus(await uploadAsset(owner, enterprise, repository.id, path, textBytes(text)), 201).data;
}

async function takeSnapshot(name: string) {
  const res = await owner.client.post<Snapshot>(snapshotsPath(repository.id), {
    name,
    description: `${name} build`,
  });
  return expectStatus(res, 201).data;
}

beforeAll(async () => {
  [owner, stranger] = (await signUpMany(2)) as [TestUser, TestUser];
  enterprise = await createEnterprise(owner, 'Snapshots');
  // allow: a path may be replaced, so the snapshot's immutability shows.
  repository = await createHosted(owner, enterprise, { format: 'raw', writePolicy: 'allow' });
  await upload('app/1.0/app.bin', 'app one');
  await upload('app/1.0/readme.txt', 'read me');
});

describe('snapshots', () => {
  it('takes a snapshot, lists and reads it with its components, and refuses a second of the same name', async () => {
    const snapshot = await takeSnapshot('release-1');
    expect(snapshot).toMatchObject({
      name: 'release-1',
      assetCount: 2,
      componentCount: 2,
      createdBy: owner.userId,
    });
    const again = await owner.client.post(snapshotsPath(repository.id), { name: 'release-1' });
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toContain('already has a snapshot named release-1');
    // The audit log names the change by the repository's route.
    const { entries } = await listAuditEntries(enterprise.id, {}, { limit: 1000, maxMonths: 1 });
    expect(entries.map((e) => e.route)).toContain(
      'POST /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}',
    );
    const bad = await owner.client.post(snapshotsPath(repository.id), { name: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^name/);

    const list = expectStatus(await owner.client.get<Snapshot[]>(snapshotsPath(repository.id)), 200).data;
    expect(list.map((s) => s.name)).toContain('release-1');
    const detail = expectStatus(
      await owner.client.get<SnapshotDetail>(`${snapshotsPath(repository.id)}/release-1`),
      200,
    ).data;
    expect(detail.assets.map((a) => [a.path, a.checksums.sha256])).toEqual([
      ['app/1.0/app.bin', sha256('app one')],
      ['app/1.0/readme.txt', sha256('read me')],
    ]);
    const components = expectStatus(
      await owner.client.get<SnapshotComponent[]>(`${snapshotsPath(repository.id)}/release-1/components`),
      200,
    ).data;
    expect(components.map((c) => c.name).sort()).toEqual(['app/1.0/app.bin', 'app/1.0/readme.txt']);
  });

  it('holds its assets: canDelete names the snapshot and a delete is refused', async () => {
    const base = libraryPath(enterprise, repository.id);
    const verdict = expectStatus(
      await owner.client.get<CanDelete>(`${base}/canDelete?path=app/1.0/app.bin`),
      200,
    ).data;
    expect(verdict.canDelete).toBe(false);
    expect(verdict.holds).toContainEqual(
      expect.objectContaining({
        reason: 'snapshot',
        by: 'release-1',
        message: 'app/1.0/app.bin is held by snapshot release-1',
      }),
    );
    const refused = await owner.client.delete(`${base}/asset?path=app/1.0/app.bin`);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toContain('snapshot release-1');
  });

  it('keeps what it recorded when the asset is replaced, and compares two snapshots', async () => {
    await upload('app/1.0/app.bin', 'app one, rebuilt');
    await upload('app/2.0/app.bin', 'app two');
    await takeSnapshot('release-2');
    // The first snapshot still downloads the first bytes.
    const link = expectStatus(
      await owner.client.get<{ url: string }>(
        `${snapshotsPath(repository.id)}/release-1/packaged?path=app/1.0/app.bin`,
      ),
      200,
    ).data;
    expect(await (await fetch(link.url)).text()).toBe('app one');

    const comparison = expectStatus(
      await owner.client.get<SnapshotComparison>(
        `${snapshotsPath(repository.id)}/compare?from=release-1&to=release-2`,
      ),
      200,
    ).data;
    expect(comparison.added.map((a) => a.path)).toEqual(['app/2.0/app.bin']);
    expect(comparison.removed).toEqual([]);
    expect(comparison.changed).toEqual([
      expect.objectContaining({
        path: 'app/1.0/app.bin',
        from: expect.objectContaining({ checksums: expect.objectContaining({ sha256: sha256('app one') }) }),
        to: expect.objectContaining({
          checksums: expect.objectContaining({ sha256: sha256('app one, rebuilt') }),
        }),
      }),
    ]);
    expect(comparison.unchanged).toBe(1);
    const missing = await owner.client.get(`${snapshotsPath(repository.id)}/compare?from=release-1&to=nope`);
    expect(missing.status).toBe(404);
  });

  it('deletes a snapshot, releasing its holds, and the sweep frees the bytes nothing counts', async () => {
    const blob = `ent/${enterprise.id}/artifacts/blobs/${sha256('app one')}`;
    expect(await listObjectKeys(blob)).toEqual([blob]);
    // Within the grace period nothing is freed: a publish of the same bytes may be on its way.
    expect((await sweepBlobs(enterprise.id)).freed).not.toContain(sha256('app one'));

    expectStatus(await owner.client.delete(`${snapshotsPath(repository.id)}/release-1`), 200);
    expect((await owner.client.get(`${snapshotsPath(repository.id)}/release-1`)).status).toBe(404);
    const later = new Date(Date.now() + GRACE_MS + 60_000);
    const swept = await sweepBlobs(enterprise.id, later);
    expect(swept.freed).toContain(sha256('app one'));
    expect(await listObjectKeys(blob)).toEqual([]);
    // What the repository and the other snapshot still hold stays.
    expect(swept.freed).not.toContain(sha256('app one, rebuilt'));
    expect(swept.freed).not.toContain(sha256('read me'));

    // The same bytes published again are stored again and count again.
    await upload('app/3.0/app.bin', 'app one');
    expect(await listObjectKeys(blob)).toEqual([blob]);
    expect((await sweepBlobs(enterprise.id, later)).freed).not.toContain(sha256('app one'));
  });

  it('refuses another enterprise and groups', async () => {
    const strangers = await createEnterprise(stranger, 'Elsewhere');
    const theirs = await stranger.client.get(
      `/api/pms/${strangers.enterpriseIdentifier}/pmsProductLibrarySnapshot/${repository.id}`,
    );
    expect(theirs.status).toBe(404);
    const outsider = await stranger.client.get(snapshotsPath(repository.id));
    expect([403, 404]).toContain(outsider.status);
    const group = expectStatus(
      await owner.client.post<ArtifactRepository>(
        `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibraryRepositories/group`,
        { name: `grp-${Date.now()}`, format: 'raw', memberIds: [repository.id] },
      ),
      201,
    ).data;
    const refused = await owner.client.post(snapshotsPath(group.id), { name: 'g1' });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toContain('is a group');
  });
});
