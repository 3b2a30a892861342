/**
 * Deleting an enterprise removes its artifact library: the repositories' partitions, the blob
 * counts in DynamoDB Local and every object under the enterprise's artifacts prefix in s3rver,
 * in bounded runs that pick up where the last one stopped.
 */
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactBlobPartition, artifactRepositoryPartition } from '../../functions/src/core/db/keys';
import { queryPartition } from '../../functions/src/core/db/operations';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { listObjectKeys } from '../../functions/src/core/storage/files';
import { purgeStep } from '../../functions/src/modules/artifacts/purge';
import { createHosted, libraryPath, textBytes, uploadAsset } from './artifact-fixtures';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let owner: TestUser;

beforeAll(async () => {
  [owner] = (await signUpMany(1)) as [TestUser];
}, 60_000);

/** An enterprise with an npm and a raw repository holding a few files, and a pending upload. */
async function filledLibrary(name: string) {
  const enterprise = await createEnterprise(owner, name);
  const npm = await createHosted(owner, enterprise, { format: 'npm' });
  const raw = await createHosted(owner, enterprise, { format: 'raw', layoutPolicy: 'permissive' });
  for (const version of ['1.0.0', '1.1.0']) {
    const tarball = Buffer.from(`tarball ${version}`);
    const published = await owner.client.put(
      `/api/artifacts/${enterprise.enterpriseIdentifier}/${npm.name}/gone-lib`,
      {
        name: 'gone-lib',
        versions: { [version]: { name: 'gone-lib', version } },
        'dist-tags': { latest: version },
        _attachments: {
          [`gone-lib-${version}.tgz`]: { data: tarball.toString('base64'), length: tarball.length },
        },
      },
    );
    expectStatus(published, 201);
  }
  for (const path of ['a/one.txt', 'a/two.txt', 'b/three.txt']) {
    expectStatus(await uploadAsset(owner, enterprise, raw.id, path, textBytes(`${path} bytes`)), 201);
  }
  // Started, never confirmed: its item and nothing else.
  expectStatus(
    await owner.client.post(`${libraryPath(enterprise, raw.id)}/packaged`, { path: 'c/later.bin', size: 3 }),
    201,
  );
  return { enterprise, repositories: [npm, raw] };
}

async function leftOf(enterprise: Enterprise, repositories: ArtifactRepository[]) {
  const items = await Promise.all([
    ...repositories.map((r) => queryPartition(artifactRepositoryPartition(enterprise.id, r.id))),
    queryPartition(artifactBlobPartition(enterprise.id)),
  ]);
  return {
    items: items.flat().length,
    objects: (await listObjectKeys(`ent/${enterprise.id}/artifacts/`)).length,
  };
}

describe('deleting an enterprise', () => {
  it('leaves nothing of its artifact library in DynamoDB or S3', async () => {
    const { enterprise, repositories } = await filledLibrary('Going away');
    const before = await leftOf(enterprise, repositories);
    expect(before.items).toBeGreaterThan(10);
    expect(before.objects).toBe(5);

    expectStatus(
      await owner.client.delete(
        `/api/pms/pmsEnterprise/${enterprise.id}?confirmIdentifier=${enterprise.enterpriseIdentifier}`,
      ),
      200,
    );
    await drainJobs();
    expect(await leftOf(enterprise, repositories)).toEqual({ items: 0, objects: 0 });
  }, 60_000);

  it('removes the library in bounded steps, each resuming from what is left', async () => {
    const { enterprise, repositories } = await filledLibrary('Step by step');
    const payload = { enterpriseId: enterprise.id, repositoryIds: repositories.map((r) => r.id) };
    let steps = 0;
    let previous = await leftOf(enterprise, repositories);
    for (let done = false; !done; steps += 1) {
      done = await purgeStep(payload, 4);
      const now = await leftOf(enterprise, repositories);
      // Each step deletes at most its budget, and something while anything is left.
      expect(previous.items + previous.objects - (now.items + now.objects)).toBeLessThanOrEqual(4);
      if (!done) expect(now.items + now.objects).toBeLessThan(previous.items + previous.objects);
      previous = now;
      expect(steps).toBeLessThan(30);
    }
    expect(steps).toBeGreaterThan(3);
    expect(previous).toEqual({ items: 0, objects: 0 });
  }, 60_000);
});
