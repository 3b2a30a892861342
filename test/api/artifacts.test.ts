/**
 * The artifact library's management calls over the real stack (DynamoDB Local, s3rver):
 * repositories and their policies, assets uploaded through the presigned path, components, the
 * folder tree, canDelete and deletes, the lock, concurrent publishes, blobs shared by content,
 * access tokens, and another enterprise's callers.
 */
import { createHash } from 'node:crypto';
import type {
  AccessToken,
  ArtifactRepository,
  Asset,
  CanDelete,
  Component,
  ComponentDetail,
  FolderEntry,
  NewAccessToken,
  Option,
} from '@shared/schemas/artifacts';
import type { Page } from '@shared/schemas/common';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { listObjectKeys } from '../../functions/src/core/storage/files';
import { createHosted, libraryPath, repositoriesPath, textBytes, uploadAsset } from './artifact-fixtures';
import {
  addMember,
  builtInRole,
  createEnterprise,
  expectStatus,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';

let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let enterprise: Enterprise;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  [owner, member, stranger] = (await signUpMany(3)) as [TestUser, TestUser, TestUser];
  enterprise = await createEnterprise(owner, 'Artifacts');
  const memberRole = await builtInRole(owner, enterprise, 'member');
  await addMember(owner, enterprise, member, [memberRole.roleId]);
});

describe('repositories', () => {
  it('lists the formats, types and policies', async () => {
    const base = repositoriesPath(enterprise);
    const formats = expectStatus(await owner.client.get<Option[]>(`${base}/formatList`), 200).data;
    expect(formats.map((f) => f.value)).toEqual(['npm', 'maven2', 'pypi', 'raw']);
    const types = expectStatus(await owner.client.get<Option[]>(`${base}/typeList`), 200).data;
    expect(types.map((t) => t.value)).toEqual(['hosted', 'group']);
    const versions = expectStatus(await owner.client.get<Option[]>(`${base}/versionPolicyList`), 200).data;
    expect(versions.map((v) => v.value)).toEqual(['release', 'snapshot', 'mixed']);
    const layouts = expectStatus(await owner.client.get<Option[]>(`${base}/layoutPolicyList`), 200).data;
    expect(layouts.map((l) => l.value)).toEqual(['strict', 'permissive']);
    const writes = expectStatus(await owner.client.get<Option[]>(`${base}/writePolicyList`), 200).data;
    expect(writes.map((w) => w.value)).toEqual(['allow', 'allow_once', 'deny']);
  });

  it('creates hosted repositories with their policies, finds them by name and refuses a taken name', async () => {
    const name = unique('maven-releases-');
    const repo = await createHosted(owner, enterprise, { name, format: 'maven2', versionPolicy: 'release' });
    expect(repo).toMatchObject({
      name,
      type: 'hosted',
      kind: 'zhipin',
      versionPolicy: 'release',
      layoutPolicy: 'strict',
      writePolicy: 'allow_once',
      locked: false,
      url: `/api/artifacts/${enterprise.enterpriseIdentifier}/${name}/`,
    });
    const base = repositoriesPath(enterprise);
    const byName = expectStatus(
      await owner.client.get<ArtifactRepository>(`${base}/byRepoName/${name}`),
      200,
    );
    expect(byName.data.id).toBe(repo.id);
    const again = await owner.client.post(`${base}/hosted`, { name, format: 'raw' });
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toContain(`named ${name}`);
    const bad = await owner.client.post(`${base}/hosted`, { name: 'Bad Name', format: 'raw' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('name: Name may hold lower-case letters');
    const badFormat = await owner.client.post(`${base}/hosted`, { name: unique('x'), format: 'docker' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.errorMessage).toBe('format: Format must be one of npm, maven2, pypi, raw');
  });

  it('keeps the version policy for Maven only', async () => {
    const npm = await createHosted(owner, enterprise, { format: 'npm', versionPolicy: 'release' });
    expect(npm.versionPolicy).toBe('mixed');
  });

  it('edits settings with the version read, and refuses a stale one', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    const base = repositoriesPath(enterprise);
    const body = {
      description: 'Build outputs',
      versionPolicy: 'mixed',
      layoutPolicy: 'permissive',
      writePolicy: 'allow',
      anonymousRead: true,
    };
    const saved = expectStatus(
      await owner.client.put<ArtifactRepository>(`${base}/hosted/${repo.id}`, { ...body, version: 1 }),
      200,
    ).data;
    expect(saved).toMatchObject({
      description: 'Build outputs',
      writePolicy: 'allow',
      anonymousRead: true,
      version: 2,
    });
    expect((await owner.client.put(`${base}/hosted/${repo.id}`, { ...body, version: 1 })).status).toBe(409);
  });

  it('builds groups of one format, in order, and refuses a loop', async () => {
    const base = repositoriesPath(enterprise);
    const first = await createHosted(owner, enterprise, { format: 'npm' });
    const second = await createHosted(owner, enterprise, { format: 'npm' });
    const maven = await createHosted(owner, enterprise, { format: 'maven2' });
    const mixed = await owner.client.post(`${base}/group`, {
      name: unique('npm-all-'),
      format: 'npm',
      memberIds: [first.id, maven.id],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errorMessage).toContain('holds maven2, not npm');
    const group = expectStatus(
      await owner.client.post<ArtifactRepository>(`${base}/group`, {
        name: unique('npm-all-'),
        format: 'npm',
        memberIds: [second.id, first.id],
      }),
      201,
    ).data;
    expect(group).toMatchObject({ type: 'group', memberIds: [second.id, first.id], writePolicy: 'deny' });
    const outer = expectStatus(
      await owner.client.post<ArtifactRepository>(`${base}/group`, {
        name: unique('npm-outer-'),
        format: 'npm',
        memberIds: [group.id],
      }),
      201,
    ).data;
    const loop = await owner.client.put(`${base}/group/${group.id}`, {
      description: '',
      anonymousRead: false,
      memberIds: [first.id, outer.id],
      version: group.version,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.errorMessage).toContain('already contains this group');
    const inUse = await owner.client.delete(`${base}/${first.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.errorMessage).toContain('member of');
  });

  it('lists by kind, format and name', async () => {
    const base = repositoriesPath(enterprise);
    const product = await createHosted(owner, enterprise, { format: 'raw', kind: 'chanpin' });
    const list = expectStatus(
      await owner.client.get<ArtifactRepository[]>(`${base}/list?kind=chanpin`),
      200,
    ).data;
    expect(list.map((r) => r.id)).toContain(product.id);
    expect(list.every((r) => r.kind === 'chanpin')).toBe(true);
    const byName = expectStatus(
      await owner.client.get<ArtifactRepository[]>(`${base}/list?name=${product.name}`),
      200,
    );
    expect(byName.data.map((r) => r.id)).toEqual([product.id]);
    expect((await owner.client.get(`${base}/list?kind=other`)).status).toBe(400);
  });
});

describe('assets', () => {
  it('stores an upload under its sha256, with its checksums, publisher and component, and serves it', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    const bytes = textBytes(`release notes ${unique('')}`);
    const asset = expectStatus(
      await uploadAsset(owner, enterprise, repo.id, 'docs/1.0/notes.txt', bytes, sha256(bytes)),
      201,
    ).data;
    expect(asset).toMatchObject({
      path: 'docs/1.0/notes.txt',
      size: bytes.length,
      publishedBy: owner.userId,
      checksums: {
        sha256: sha256(bytes),
        sha1: createHash('sha1').update(bytes).digest('hex'),
        md5: createHash('md5').update(bytes).digest('hex'),
      },
    });
    expect(await listObjectKeys(`ent/${enterprise.id}/artifacts/blobs/${sha256(bytes)}`)).toHaveLength(1);
    const base = libraryPath(enterprise, repo.id);
    const page = expectStatus(await owner.client.get<Page<Component>>(`${base}/components`), 200).data;
    expect(page.rows).toMatchObject([{ name: 'docs/1.0/notes.txt', version: '', assetCount: 1 }]);
    const detail = expectStatus(
      await owner.client.get<ComponentDetail>(`${base}/components/${page.rows[0]!.id}`),
      200,
    ).data;
    expect(detail.assets.map((a) => a.path)).toEqual(['docs/1.0/notes.txt']);
    const download = expectStatus(
      await owner.client.get<{ url: string }>(`${base}/packaged?path=docs/1.0/notes.txt`),
      200,
    ).data;
    expect(new Uint8Array(await (await fetch(download.url)).arrayBuffer())).toEqual(bytes);
    const counts = expectStatus(
      await owner.client.get<ArtifactRepository>(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`),
      200,
    ).data;
    expect(counts).toMatchObject({ componentCount: 1, assetCount: 1, sizeBytes: bytes.length });
  });

  it('keeps one blob for identical content', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    const bytes = textBytes(`same ${unique('')}`);
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'a/same.txt', bytes), 201);
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'b/same.txt', bytes), 201);
    expect(await listObjectKeys(`ent/${enterprise.id}/artifacts/blobs/${sha256(bytes)}`)).toHaveLength(1);
  });

  it('refuses a second publish under allow once, and a checksum that does not match, storing nothing', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    const first = textBytes('one');
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'tool/tool.bin', first), 201);
    const again = await uploadAsset(owner, enterprise, repo.id, 'tool/tool.bin', textBytes('two'));
    expect(again.status).toBe(409);
    expect(again.body?.errorMessage).toContain('allows it once');
    const base = libraryPath(enterprise, repo.id);
    const kept = expectStatus(await owner.client.get<Asset>(`${base}/asset?path=tool/tool.bin`), 200).data;
    expect(kept.checksums.sha256).toBe(sha256(first));
    const wrong = await uploadAsset(
      owner,
      enterprise,
      repo.id,
      'tool/other.bin',
      textBytes('x'),
      sha256(first),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body?.errorMessage).toContain(`not ${sha256(first)}`);
    expect((await owner.client.get(`${base}/asset?path=tool/other.bin`)).status).toBe(404);
  });

  it('replaces under allow, and refuses everything under deny', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw', writePolicy: 'allow' });
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'latest.txt', textBytes('v1')), 201);
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'latest.txt', textBytes('v22')), 201);
    const base = libraryPath(enterprise, repo.id);
    const asset = expectStatus(await owner.client.get<Asset>(`${base}/asset?path=latest.txt`), 200).data;
    expect(asset.size).toBe(3);
    const counts = expectStatus(
      await owner.client.get<ArtifactRepository>(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`),
      200,
    ).data;
    expect(counts).toMatchObject({ assetCount: 1, componentCount: 1, sizeBytes: 3 });
    const readOnly = await createHosted(owner, enterprise, { format: 'raw', writePolicy: 'deny' });
    const denied = await uploadAsset(owner, enterprise, readOnly.id, 'x.txt', textBytes('x'));
    expect(denied.status).toBe(403);
    expect(denied.body?.errorMessage).toContain('read only');
  });

  it('refuses paths that climb out, and Maven paths that break the strict layout or the version policy', async () => {
    const raw = await createHosted(owner, enterprise, { format: 'raw' });
    for (const path of ['a/../b.txt', '../b.txt', '/abs.txt', 'a//b.txt', 'a\\b.txt']) {
      const res = await uploadAsset(owner, enterprise, raw.id, path, textBytes('x'));
      expect(res.status, path).toBe(400);
    }
    const maven = await createHosted(owner, enterprise, { format: 'maven2', versionPolicy: 'release' });
    const broken = await uploadAsset(
      owner,
      enterprise,
      maven.id,
      'com/acme/lib/1.0/other-1.0.jar',
      textBytes('j'),
    );
    expect(broken.status).toBe(400);
    expect(broken.body?.errorMessage).toContain('does not follow the Maven 2 layout');
    const snapshot = await uploadAsset(
      owner,
      enterprise,
      maven.id,
      'com/acme/lib/1.1-SNAPSHOT/lib-1.1-20260101.120000-1.jar',
      textBytes('j'),
    );
    expect(snapshot.status).toBe(400);
    expect(snapshot.body?.errorMessage).toContain('release versions only');
    const jar = expectStatus(
      await uploadAsset(owner, enterprise, maven.id, 'com/acme/lib/1.0/lib-1.0.jar', textBytes('jar')),
      201,
    );
    const pom = expectStatus(
      await uploadAsset(owner, enterprise, maven.id, 'com/acme/lib/1.0/lib-1.0.pom', textBytes('<project/>')),
      201,
    );
    expect(pom.data.componentId).toBe(jar.data.componentId);
    const components = expectStatus(
      await owner.client.get<Page<Component>>(`${libraryPath(enterprise, maven.id)}/components?q=acme`),
      200,
    ).data;
    expect(components.rows).toMatchObject([
      { group: 'com.acme', name: 'lib', version: '1.0', assetCount: 2 },
    ]);
  });

  it('browses the folder tree one level at a time', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'site/index.html', textBytes('<p>')), 201);
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'site/css/a.css', textBytes('a{}')), 201);
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'top.txt', textBytes('t')), 201);
    const base = libraryPath(enterprise, repo.id);
    const top = expectStatus(await owner.client.get<FolderEntry[]>(`${base}/folders`), 200).data;
    expect(top).toEqual([
      { name: 'site', path: 'site', kind: 'folder', size: 6 },
      { name: 'top.txt', path: 'top.txt', kind: 'asset', size: 1 },
    ]);
    const site = expectStatus(await owner.client.get<FolderEntry[]>(`${base}/folders?path=site`), 200).data;
    expect(site.map((e) => `${e.kind}:${e.path}`)).toEqual(['folder:site/css', 'asset:site/index.html']);
    expect((await owner.client.get(`${base}/folders?path=nowhere`)).status).toBe(404);
  });

  it('deletes an asset, a component and a folder, and then the empty repository', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'maven2' });
    const base = libraryPath(enterprise, repo.id);
    const jar = expectStatus(
      await uploadAsset(owner, enterprise, repo.id, 'org/x/app/1.0/app-1.0.jar', textBytes('1')),
      201,
    ).data;
    expectStatus(
      await uploadAsset(owner, enterprise, repo.id, 'org/x/app/1.0/app-1.0.pom', textBytes('2')),
      201,
    );
    expectStatus(
      await uploadAsset(owner, enterprise, repo.id, 'org/x/app/2.0/app-2.0.jar', textBytes('3')),
      201,
    );
    expectStatus(
      await uploadAsset(owner, enterprise, repo.id, 'org/y/lib/1.0/lib-1.0.jar', textBytes('4')),
      201,
    );
    const verdict = expectStatus(
      await owner.client.get<CanDelete>(`${base}/canDelete?path=${jar.path}`),
      200,
    ).data;
    expect(verdict).toEqual({ canDelete: true, holds: [] });
    expect((await owner.client.get(`${base}/canDelete`)).status).toBe(400);
    expectStatus(await owner.client.delete(`${base}/asset?path=${jar.path}`), 200);
    const component = expectStatus(
      await owner.client.get<ComponentDetail>(`${base}/components/${jar.componentId}`),
      200,
    ).data;
    expect(component.assets.map((a) => a.path)).toEqual(['org/x/app/1.0/app-1.0.pom']);
    const removed = expectStatus(
      await owner.client.delete<{ deleted: number }>(`${base}/components/${jar.componentId}`),
      200,
    ).data;
    expect(removed.deleted).toBe(1);
    expect((await owner.client.get(`${base}/components/${jar.componentId}`)).status).toBe(404);
    const nonEmpty = await owner.client.delete(`${repositoriesPath(enterprise)}/${repo.id}`);
    expect(nonEmpty.status).toBe(409);
    const folder = expectStatus(
      await owner.client.delete<{ deleted: number }>(`${base}/folder?path=org`),
      200,
    ).data;
    expect(folder.deleted).toBe(2);
    const counts = expectStatus(
      await owner.client.get<ArtifactRepository>(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`),
      200,
    ).data;
    expect(counts).toMatchObject({ componentCount: 0, assetCount: 0, sizeBytes: 0 });
    expectStatus(await owner.client.delete(`${repositoriesPath(enterprise)}/${repo.id}`), 200);
    expect((await owner.client.get(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`)).status).toBe(
      404,
    );
  });

  it('refuses every write and delete while locked, and says why', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'kept.txt', textBytes('k')), 201);
    const base = libraryPath(enterprise, repo.id);
    const locked = expectStatus(
      await owner.client.put<ArtifactRepository>(`${repositoriesPath(enterprise)}/lockStatus/${repo.id}`, {
        locked: true,
      }),
      200,
    ).data;
    expect(locked.locked).toBe(true);
    const write = await uploadAsset(owner, enterprise, repo.id, 'new.txt', textBytes('n'));
    expect(write.status).toBe(409);
    expect(write.body?.errorMessage).toContain('is locked');
    const verdict = expectStatus(
      await owner.client.get<CanDelete>(`${base}/canDelete?path=kept.txt`),
      200,
    ).data;
    expect(verdict.canDelete).toBe(false);
    expect(verdict.holds).toMatchObject([{ reason: 'locked', by: repo.name }]);
    expect((await owner.client.delete(`${base}/asset?path=kept.txt`)).status).toBe(409);
    expect((await owner.client.delete(`${repositoriesPath(enterprise)}/${repo.id}`)).status).toBe(409);
    expectStatus(
      await owner.client.put(`${repositoriesPath(enterprise)}/lockStatus/${repo.id}`, { locked: false }),
      200,
    );
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'new.txt', textBytes('n')), 201);
  });

  it('lands 20 concurrent publishes of different versions of one artifact', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'maven2' });
    const versions = Array.from({ length: 20 }, (_, i) => `1.${i}`);
    const results = await Promise.all(
      versions.map((v) =>
        uploadAsset(owner, enterprise, repo.id, `io/fast/app/${v}/app-${v}.jar`, textBytes(`jar ${v}`)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(versions.map(() => 201));
    const page = expectStatus(
      await owner.client.get<Page<Component>>(`${libraryPath(enterprise, repo.id)}/components?pageSize=50`),
      200,
    ).data;
    expect(page.rows.map((c) => c.version).sort()).toEqual([...versions].sort());
    const counts = expectStatus(
      await owner.client.get<ArtifactRepository>(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`),
      200,
    ).data;
    expect(counts).toMatchObject({ componentCount: 20, assetCount: 20 });
  });

  it('lands the same first publish twice at once exactly once', async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    const results = await Promise.all(
      [1, 2].map((n) => uploadAsset(owner, enterprise, repo.id, 'race.txt', textBytes(`r${n}`))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const counts = expectStatus(
      await owner.client.get<ArtifactRepository>(`${repositoriesPath(enterprise)}/byRepoName/${repo.name}`),
      200,
    ).data;
    expect(counts).toMatchObject({ componentCount: 1, assetCount: 1, sizeBytes: 2 });
  });
});

describe('who may', () => {
  it('lets a plain member read but not create, and controlled repositories refuse direct uploads', async () => {
    const base = repositoriesPath(enterprise);
    expectStatus(await member.client.get(`${base}/list`), 200);
    expect((await member.client.post(`${base}/hosted`, { name: unique('m'), format: 'raw' })).status).toBe(
      403,
    );
    const controlled = await createHosted(owner, enterprise, { format: 'raw', kind: 'shoukong' });
    const direct = await uploadAsset(owner, enterprise, controlled.id, 'x.txt', textBytes('x'));
    expect(direct.status).toBe(403);
    expect(direct.body?.errorMessage).toContain('accepts only promoted content');
  });

  it("gives another enterprise's callers nothing", async () => {
    const repo = await createHosted(owner, enterprise, { format: 'raw' });
    expectStatus(await uploadAsset(owner, enterprise, repo.id, 'secret.txt', textBytes('s')), 201);
    expect((await stranger.client.get(`${repositoriesPath(enterprise)}/list`)).status).toBe(404);
    const own = await createEnterprise(stranger, 'Other');
    const base = libraryPath(own, repo.id);
    expect((await stranger.client.get(`${base}/components`)).status).toBe(404);
    expect((await stranger.client.get(`${base}/packaged?path=secret.txt`)).status).toBe(404);
    expect((await stranger.client.delete(`${base}/asset?path=secret.txt`)).status).toBe(404);
    expect((await stranger.client.get(`${repositoriesPath(own)}/byRepoName/${repo.name}`)).status).toBe(404);
  });
});

describe('access tokens', () => {
  it('creates a token whose secret is shown once, lists and revokes it', async () => {
    const made = expectStatus(
      await member.client.post<NewAccessToken>('/api/artifactTokens', { name: 'CI publish', scope: 'write' }),
      201,
    ).data;
    expect(made.token).toMatch(/^art_/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const list = expectStatus(await member.client.get<AccessToken[]>('/api/artifactTokens'), 200).data;
    expect(list).toContainEqual(expect.objectContaining({ id: made.id, name: 'CI publish', scope: 'write' }));
    expect(JSON.stringify(list)).not.toContain(made.token);
    expect((await stranger.client.delete(`/api/artifactTokens/${made.id}`)).status).toBe(404);
    expectStatus(await member.client.delete(`/api/artifactTokens/${made.id}`), 200);
    expect((await member.client.delete(`/api/artifactTokens/${made.id}`)).status).toBe(404);
    const bad = await member.client.post('/api/artifactTokens', { name: 'x', scope: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('scope: Scope must be read or write');
  });
});
