/**
 * Retention over the real stack: cleanup rules per repository (keep the newest N versions, drop
 * versions older than D days, both), the dry run listing what would go and what snapshots and
 * promotions keep, a run that deletes exactly that, the lock, bad rules, and the blob sweep
 * freeing the deleted versions' bytes once nothing counts them. Then both on their own: the hourly
 * schedules (`artifacts.retention`, `artifacts.sweep-blobs`) run as the cloud's rule runs them,
 * with the server's clock moved instead of waited for.
 */
import { createHash } from 'node:crypto';
import type {
  ArtifactRepository,
  Component,
  Retention,
  RetentionPlan,
  RetentionRun,
} from '@shared/schemas/artifacts';
import type { Page } from '@shared/schemas/common';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../functions/src/core/audit/log';
import { artifactKeys } from '../../functions/src/core/db/keys';
import { getItem } from '../../functions/src/core/db/operations';
import { runSchedule } from '../../functions/src/core/jobs/jobs';
import { listObjectKeys } from '../../functions/src/core/storage/files';
import { GRACE_MS, sweepBlobs } from '../../functions/src/modules/artifacts/retention-sweep';
import { createHosted, libraryPath, repositoriesPath } from './artifact-fixtures';
import { atInstant, createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let owner: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;
let product: ArtifactRepository;

const DAY = 24 * 60 * 60 * 1000;
const tarball = (version: string) => `lib tarball ${version}`;
const retentionPath = () => `${libraryPath(enterprise, repository.id)}/retention`;

/** Publishes lib@version over npm's protocol, `daysAgo` days back on the server's clock. */
async function publish(version: string, daysAgo: number, into = repository): Promise<void> {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  const res = await atInstant(at, () =>
    owner.client.put(`/api/artifacts/${enterprise.enterpriseIdentifier}/${into.name}/lib`, {
      name: 'lib',
      versions: { [version]: { name: 'lib', version } },
      'dist-tags': { latest: version },
      _attachments: { [`lib-${version}.tgz`]: { data: Buffer.from(tarball(version)).toString('base64') } },
    }),
  );
  expectStatus(res, 201);
}

async function componentsOf(of: ArtifactRepository): Promise<Component[]> {
  return expectStatus(
    await owner.client.get<Page<Component>>(`${libraryPath(enterprise, of.id)}/components`),
    200,
  ).data.rows;
}

async function componentIdOf(version: string, of = repository): Promise<string> {
  return (await componentsOf(of)).find((c) => c.version === version)!.id;
}

const versions = (list: readonly { version: string }[]) => list.map((c) => c.version).sort();

beforeAll(async () => {
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'Retention');
  repository = await createHosted(owner, enterprise, { format: 'npm' });
  product = await createHosted(owner, enterprise, { format: 'npm', kind: 'chanpin' });
  await publish('1.0.0', 50);
  // The snapshot holds 1.0.0, the only version then.
  expectStatus(
    await owner.client.post(
      `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrarySnapshot/${repository.id}`,
      {
        name: 'first',
      },
    ),
    201,
  );
  await publish('1.1.0', 40);
  await publish('1.2.0', 30);
  await publish('1.3.0', 20);
  await publish('1.4.0', 1);
  expectStatus(
    await owner.client.post(`${libraryPath(enterprise, repository.id)}/copy`, {
      targetRepositoryId: product.id,
      componentIds: [await componentIdOf('1.1.0')],
    }),
    201,
  );
}, 60_000);

describe('retention', () => {
  it('has no rules at first and refuses bad ones naming the field', async () => {
    const none = expectStatus(await owner.client.get<Retention>(retentionPath()), 200).data;
    expect(none).toEqual({
      keepLast: null,
      maxAgeDays: null,
      updatedBy: null,
      updatedAt: null,
      nextRunAt: null,
      lastRunAt: null,
      lastRunDeleted: null,
    });
    const empty = expectStatus(await owner.client.get<RetentionPlan>(`${retentionPath()}/dryRun`), 200).data;
    expect(empty).toEqual({ rules: { keepLast: null, maxAgeDays: null }, remove: [], kept: [] });
    const zero = await owner.client.put(retentionPath(), { keepLast: 0, maxAgeDays: null });
    expect(zero.status).toBe(400);
    expect(zero.body.errorMessage).toBe('keepLast: KeepLast must be at least 1');
    const text = await owner.client.put(retentionPath(), { keepLast: null, maxAgeDays: 'old' });
    expect(text.status).toBe(400);
    expect(text.body.errorMessage).toMatch(/^maxAgeDays/);
  });

  it('dry-runs keep-the-newest: lists what would go and what snapshots and promotions keep', async () => {
    const saved = expectStatus(
      await owner.client.put<Retention>(retentionPath(), { keepLast: 1, maxAgeDays: null }),
      200,
    ).data;
    expect(saved).toMatchObject({ keepLast: 1, maxAgeDays: null, updatedBy: owner.userId });
    const { entries } = await listAuditEntries(enterprise.id, {}, { limit: 1000, maxMonths: 1 });
    expect(entries.map((e) => e.route)).toContain(
      'PUT /api/pms/{identifier}/pmsProductLibrary/{repoId}/retention',
    );
    const plan = expectStatus(await owner.client.get<RetentionPlan>(`${retentionPath()}/dryRun`), 200).data;
    expect(versions(plan.remove)).toEqual(['1.2.0', '1.3.0']);
    expect(plan.remove[0]!.reason).toBe('beyond the newest 1 versions');
    expect(plan.kept.map((k) => [k.version, k.holds.map((h) => `${h.reason} ${h.by}`)]).sort()).toEqual([
      ['1.0.0', ['snapshot first']],
      ['1.1.0', [`promoted ${product.name}`]],
    ]);
  });

  it('with both rules, a version goes only when both name it; the run deletes what the dry run lists', async () => {
    expectStatus(await owner.client.put(retentionPath(), { keepLast: 1, maxAgeDays: 25 }), 200);
    const plan = expectStatus(await owner.client.get<RetentionPlan>(`${retentionPath()}/dryRun`), 200).data;
    expect(versions(plan.remove)).toEqual(['1.2.0']);
    expect(plan.remove[0]!.reason).toBe('beyond the newest 1 and older than 25 days');

    const run = expectStatus(await owner.client.post<RetentionRun>(`${retentionPath()}/run`), 200).data;
    expect(versions(run.deleted)).toEqual(['1.2.0']);
    expect(versions(run.kept)).toEqual(['1.0.0', '1.1.0']);
    const left = expectStatus(
      await owner.client.get<Page<Component>>(`${libraryPath(enterprise, repository.id)}/components`),
      200,
    ).data;
    expect(versions(left.rows)).toEqual(['1.0.0', '1.1.0', '1.3.0', '1.4.0']);
    // Nothing left to do: a second run deletes nothing.
    const again = expectStatus(await owner.client.post<RetentionRun>(`${retentionPath()}/run`), 200).data;
    expect(again.deleted).toEqual([]);
  });

  it("frees the deleted version's bytes through the sweep, once the grace period is over", async () => {
    const sha = createHash('sha256').update(tarball('1.2.0')).digest('hex');
    const key = `ent/${enterprise.id}/artifacts/blobs/${sha}`;
    expect(await listObjectKeys(key)).toEqual([key]);
    expect((await sweepBlobs(enterprise.id)).freed).toEqual([]);
    const swept = await sweepBlobs(enterprise.id, new Date(Date.now() + GRACE_MS + 60_000));
    expect(swept.freed).toEqual([sha]);
    expect(await listObjectKeys(key)).toEqual([]);
  });

  it('refuses a run on a locked repository', async () => {
    const lock = `${repositoriesPath(enterprise)}/lockStatus/${repository.id}`;
    expectStatus(await owner.client.put(lock, { locked: true }), 200);
    const refused = await owner.client.post(`${retentionPath()}/run`);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toContain('is locked');
    expectStatus(await owner.client.put(lock, { locked: false }), 200);
  });
});

describe('the schedules', () => {
  let scheduled: ArtifactRepository;
  const scheduledRetention = () => `${libraryPath(enterprise, scheduled.id)}/retention`;
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

  beforeAll(async () => {
    scheduled = await createHosted(owner, enterprise, { format: 'npm' });
    await publish('2.0.0', 3, scheduled);
    await publish('2.1.0', 2, scheduled);
    await publish('2.2.0', 1, scheduled);
  });

  it('runs the cleanup rules a day after they were saved: what the dry run listed goes', async () => {
    // Saved a day less five minutes ago on the server's clock: the first run is due in five.
    await atInstant(new Date(Date.now() - DAY + 5 * 60_000).toISOString(), async () =>
      expectStatus(await owner.client.put(scheduledRetention(), { keepLast: 1, maxAgeDays: null }), 200),
    );
    const plan = expectStatus(
      await owner.client.get<RetentionPlan>(`${scheduledRetention()}/dryRun`),
      200,
    ).data;
    expect(versions(plan.remove)).toEqual(['2.0.0', '2.1.0']);

    await runSchedule('artifacts', 'retention');
    expect(versions(await componentsOf(scheduled))).toEqual(['2.0.0', '2.1.0', '2.2.0']);

    const saved = expectStatus(await owner.client.get<Retention>(scheduledRetention()), 200).data;
    expect(saved).toMatchObject({ lastRunAt: null, lastRunDeleted: null });
    expect(Date.parse(saved.nextRunAt!) - Date.parse(saved.updatedAt!)).toBe(DAY);

    await atInstant(minutes(10), () => runSchedule('artifacts', 'retention'));
    expect(versions(await componentsOf(scheduled))).toEqual(['2.2.0']);
    // The settings page shows the run: when, how many versions went, and the next a day on.
    const ran = expectStatus(await owner.client.get<Retention>(scheduledRetention()), 200).data;
    expect(ran.lastRunDeleted).toBe(2);
    expect(Date.parse(ran.nextRunAt!) - Date.parse(ran.lastRunAt!)).toBe(DAY);
    // The next run is a day later: a version published meanwhile is not touched an hour on.
    await publish('2.3.0', 0, scheduled);
    await atInstant(minutes(70), () => runSchedule('artifacts', 'retention'));
    expect(versions(await componentsOf(scheduled))).toEqual(['2.2.0', '2.3.0']);
  });

  it('frees an unreferenced blob once its grace period is over, and keeps a referenced one', async () => {
    const blobOf = (text: string) => createHash('sha256').update(text).digest('hex');
    const keyOf = (text: string) => `ent/${enterprise.id}/artifacts/blobs/${blobOf(text)}`;
    const [freed, kept] = [keyOf(tarball('2.2.0')), keyOf(tarball('2.3.0'))];
    // 2.2.0 deleted a grace period and five minutes ago on the server's clock: its blob is due.
    const id = await componentIdOf('2.2.0', scheduled);
    await atInstant(new Date(Date.now() - GRACE_MS - 5 * 60_000).toISOString(), async () =>
      expectStatus(
        await owner.client.delete(`${libraryPath(enterprise, scheduled.id)}/components/${id}`),
        200,
      ),
    );
    expect(await listObjectKeys(freed)).toEqual([freed]);

    await runSchedule('artifacts', 'sweep-blobs');
    expect(await listObjectKeys(freed)).toEqual([]);
    expect(await listObjectKeys(kept)).toEqual([kept]);
    // The counted blob is no sweep's business: it is not in the sweep's index.
    const counted = await getItem(artifactKeys.blob(enterprise.id, blobOf(tarball('2.3.0'))));
    expect(counted).toMatchObject({ refs: 1 });
    expect(counted?.gsi1pk).toBeUndefined();
  });
});
