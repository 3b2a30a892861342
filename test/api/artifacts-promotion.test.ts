/**
 * Promotion over the real stack: components and assets copied into product (chanpin) and
 * controlled (shoukong) repositories, recorded with who, when and from where on both sides; the
 * holds that keep a promoted asset from being deleted; promotion from a snapshot; an npm version
 * promoted becomes installable from the product repository; controlled repositories refuse every
 * direct publish (npm's JSON error, the status for Maven, PyPI and raw) and store nothing.
 */
import type {
  ArtifactRepository,
  Asset,
  CanDelete,
  PromotionResult,
  Snapshot,
} from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHosted, libraryPath, textBytes, uploadAsset } from './artifact-fixtures';
import { accessToken } from './artifacts-clients';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let owner: TestUser;
let enterprise: Enterprise;
let builds: ArtifactRepository;
let product: ArtifactRepository;
let controlled: ArtifactRepository;

const copyPath = (repoId: string) => `${libraryPath(enterprise, repoId)}/copy`;
const protocol = (name: string, path: string) =>
  `/api/artifacts/${enterprise.enterpriseIdentifier}/${name}/${path}`;

async function promote(body: Record<string, unknown>, from = builds) {
  return owner.client.post<PromotionResult>(copyPath(from.id), body);
}

beforeAll(async () => {
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'Promotion');
  builds = await createHosted(owner, enterprise, { format: 'raw' });
  product = await createHosted(owner, enterprise, { format: 'raw', kind: 'chanpin' });
  controlled = await createHosted(owner, enterprise, { format: 'raw', kind: 'shoukong' });
  for (const [path, text] of [
    ['tool/1.0/tool.bin', 'tool one'],
    ['tool/1.1/tool.bin', 'tool one one'],
    ['tool/1.2/tool.bin', 'tool one two'],
  ] as const) {
    expectStatus(await uploadAsset(owner, enterprise, builds.id, path, textBytes(text)), 201);
  }
});

describe('promotion', () => {
  it('copies an asset into a product repository, recorded on both sides, and holds the source', async () => {
    const copied = expectStatus(
      await promote({ targetRepositoryId: product.id, paths: ['tool/1.0/tool.bin'] }),
      201,
    ).data;
    expect(copied.target).toBe(product.name);
    expect(copied.copied).toEqual([
      expect.objectContaining({
        path: 'tool/1.0/tool.bin',
        promotedFrom: { repository: builds.name, snapshot: null, by: owner.userId, at: expect.any(String) },
      }),
    ]);
    // The copy reads the same bytes.
    const link = expectStatus(
      await owner.client.get<{ url: string }>(
        `${libraryPath(enterprise, product.id)}/packaged?path=tool/1.0/tool.bin`,
      ),
      200,
    ).data;
    expect(await (await fetch(link.url)).text()).toBe('tool one');

    const source = expectStatus(
      await owner.client.get<Asset>(`${libraryPath(enterprise, builds.id)}/asset?path=tool/1.0/tool.bin`),
      200,
    ).data;
    expect(source.promotedTo).toEqual([product.name]);
    const verdict = expectStatus(
      await owner.client.get<CanDelete>(
        `${libraryPath(enterprise, builds.id)}/canDelete?path=tool/1.0/tool.bin`,
      ),
      200,
    ).data;
    expect(verdict).toEqual({
      canDelete: false,
      holds: [
        {
          reason: 'promoted',
          by: product.name,
          message: `tool/1.0/tool.bin was promoted into product repository ${product.name}`,
        },
      ],
    });
    const refused = await owner.client.delete(
      `${libraryPath(enterprise, builds.id)}/asset?path=tool/1.0/tool.bin`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toContain(`promoted into product repository ${product.name}`);

    // Twice is refused (allow once), and nothing is copied.
    const twice = await promote({ targetRepositoryId: product.id, paths: ['tool/1.0/tool.bin'] });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toContain(`already in ${product.name}`);
  });

  it('copies a component from a snapshot into a controlled repository', async () => {
    const snapshot = expectStatus(
      await owner.client.post<Snapshot>(
        `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrarySnapshot/${builds.id}`,
        { name: 'rc-1' },
      ),
      201,
    ).data;
    expect(snapshot.assetCount).toBe(3);
    const source = expectStatus(
      await owner.client.get<Asset>(`${libraryPath(enterprise, builds.id)}/asset?path=tool/1.1/tool.bin`),
      200,
    ).data;
    const copied = expectStatus(
      await promote({
        targetRepositoryId: controlled.id,
        componentIds: [source.componentId],
        snapshotName: 'rc-1',
      }),
      201,
    ).data;
    expect(copied.copied.map((a) => [a.path, a.promotedFrom?.snapshot])).toEqual([
      ['tool/1.1/tool.bin', 'rc-1'],
    ]);
    const after = expectStatus(
      await owner.client.get<Asset>(`${libraryPath(enterprise, builds.id)}/asset?path=tool/1.1/tool.bin`),
      200,
    ).data;
    expect(after.promotedTo).toEqual([controlled.name]);
    expect(after.heldBy).toEqual(['rc-1']);
  });

  it('promotes a component of several files all together, or nothing of it', async () => {
    const maven = { format: 'maven2', versionPolicy: 'mixed' };
    const source = await createHosted(owner, enterprise, { ...maven, layoutPolicy: 'permissive' });
    const target = await createHosted(owner, enterprise, {
      ...maven,
      kind: 'chanpin',
      layoutPolicy: 'strict',
    });
    const dir = 'com/acme/lib/1.0';
    // notes.txt breaks the strict layout: the target refuses it, after the jar and the pom.
    const files = [`${dir}/lib-1.0.jar`, `${dir}/lib-1.0.pom`, `${dir}/notes.txt`];
    for (const path of files) {
      expectStatus(await uploadAsset(owner, enterprise, source.id, path, textBytes(`bytes of ${path}`)), 201);
    }
    const targetPaths = async () =>
      expectStatus(
        await owner.client.get<{ path: string }[]>(
          `${libraryPath(enterprise, target.id)}/folders?path=${dir}`,
        ),
        200,
      ).data;
    const refused = await promote({ targetRepositoryId: target.id, paths: files }, source);
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toContain('notes.txt');
    expect((await owner.client.get(`${libraryPath(enterprise, target.id)}/folders?path=${dir}`)).status).toBe(
      404,
    );
    const jar = `${libraryPath(enterprise, source.id)}/asset?path=${dir}/lib-1.0.jar`;
    expect(expectStatus(await owner.client.get<Asset>(jar), 200).data.promotedTo).toEqual([]);

    // The target holds another pom at that path (allow once): neither file is promoted.
    expectStatus(await uploadAsset(owner, enterprise, target.id, files[1]!, textBytes('another pom')), 201);
    const taken = await promote({ targetRepositoryId: target.id, paths: files.slice(0, 2) }, source);
    expect(taken.status).toBe(409);
    expect((await targetPaths()).map((e) => e.path)).toEqual([files[1]]);

    // Both files of the component land together in a fresh target.
    const fresh = await createHosted(owner, enterprise, {
      ...maven,
      kind: 'chanpin',
      layoutPolicy: 'strict',
    });
    const landed = expectStatus(
      await promote({ targetRepositoryId: fresh.id, paths: files.slice(0, 2) }, source),
      201,
    ).data;
    expect(landed.copied.map((a) => a.path).sort()).toEqual(files.slice(0, 2));
    const repo = expectStatus(
      await owner.client.get<ArtifactRepository>(
        `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibraryRepositories/byRepoName/${fresh.name}`,
      ),
      200,
    ).data;
    expect(repo).toMatchObject({ assetCount: 2, componentCount: 1 });
  });

  it('refuses bad targets naming the field', async () => {
    const other = await createHosted(owner, enterprise, { format: 'raw' });
    const zhipin = await promote({ targetRepositoryId: other.id, paths: ['tool/1.2/tool.bin'] });
    expect(zhipin.status).toBe(400);
    expect(zhipin.body.errorMessage).toMatch(/^targetRepositoryId: .* is an artifact repository/);
    const npmProduct = await createHosted(owner, enterprise, { format: 'npm', kind: 'chanpin' });
    const format = await promote({ targetRepositoryId: npmProduct.id, paths: ['tool/1.2/tool.bin'] });
    expect(format.status).toBe(400);
    expect(format.body.errorMessage).toContain('holds npm, not raw');
    const empty = await promote({ targetRepositoryId: product.id });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toMatch(/^componentIds/);
    const missing = await promote({ targetRepositoryId: product.id, paths: ['nothing/here.bin'] });
    expect(missing.status).toBe(404);
  });

  it('promotes npm versions, which install from the product repository, the later as latest', async () => {
    const npmBuilds = await createHosted(owner, enterprise, { format: 'npm' });
    const npmProduct = await createHosted(owner, enterprise, { format: 'npm', kind: 'shoukong' });
    const componentIds: string[] = [];
    for (const version of ['1.0.0', '1.1.0']) {
      const published = await owner.client.put(protocol(npmBuilds.name, 'widget'), {
        name: 'widget',
        versions: { [version]: { name: 'widget', version, description: `A widget ${version}` } },
        'dist-tags': { latest: version },
        _attachments: {
          [`widget-${version}.tgz`]: { data: Buffer.from(`widget tarball ${version}`).toString('base64') },
        },
      });
      expectStatus(published, 201);
      const asset = expectStatus(
        await owner.client.get<Asset>(
          `${libraryPath(enterprise, npmBuilds.id)}/asset?path=widget/-/widget-${version}.tgz`,
        ),
        200,
      ).data;
      componentIds.push(asset.componentId!);
    }
    // Both versions in one promotion: one transaction, which tags latest once.
    expectStatus(await promote({ targetRepositoryId: npmProduct.id, componentIds }, npmBuilds), 201);
    const packument = expectStatus(await owner.client.get(protocol(npmProduct.name, 'widget')), 200)
      .body as unknown as {
      'dist-tags': Record<string, string>;
      versions: Record<string, { description: string }>;
    };
    expect(packument['dist-tags']).toEqual({ latest: '1.1.0' });
    expect(packument.versions['1.0.0']?.description).toBe('A widget 1.0.0');
    expect(Object.keys(packument.versions).sort()).toEqual(['1.0.0', '1.1.0']);
  });

  it('refuses a direct publish to a controlled repository in each client format, storing nothing', async () => {
    // The package clients sign in with a token (which also spares them the browser's CSRF rules).
    const auth = { Authorization: `Bearer ${await accessToken(owner)}` };
    const raw = await owner.client.call('PUT', protocol(controlled.name, 'direct/file.txt'), {
      rawBody: 'direct',
      headers: { ...auth, 'Content-Type': 'application/octet-stream' },
    });
    expect(raw.status).toBe(403);
    expect(raw.body.errorMessage).toContain('accepts only promoted content');

    const npmControlled = await createHosted(owner, enterprise, { format: 'npm', kind: 'shoukong' });
    const npm = await owner.client.put(
      protocol(npmControlled.name, 'direct'),
      {
        name: 'direct',
        versions: { '1.0.0': { name: 'direct', version: '1.0.0' } },
        'dist-tags': { latest: '1.0.0' },
        _attachments: { 'direct-1.0.0.tgz': { data: Buffer.from('x').toString('base64') } },
      },
      { headers: auth },
    );
    expect(npm.status).toBe(403);
    // npm prints `error` after the status.
    expect(npm.body.error).toContain('accepts only promoted content');

    const maven = await createHosted(owner, enterprise, { format: 'maven2', kind: 'shoukong' });
    const jar = await owner.client.call('PUT', protocol(maven.name, 'com/acme/lib/1.0/lib-1.0.jar'), {
      rawBody: 'jar',
      headers: { ...auth, 'Content-Type': 'application/java-archive' },
    });
    expect(jar.status).toBe(403);

    const pypi = await createHosted(owner, enterprise, { format: 'pypi', kind: 'shoukong' });
    // twine's multipart upload, written out by hand.
    const boundary = 'promotion-test-boundary';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n${value}\r\n`;
    const multipart = `${part(':action', 'file_upload')}${part('name', 'direct')}${part('version', '1.0')}${part(
      'content',
      'wheel',
      'direct-1.0-py3-none-any.whl',
    )}--${boundary}--\r\n`;
    const upload = await owner.client.call(
      'POST',
      `/api/artifacts/${enterprise.enterpriseIdentifier}/${pypi.name}`,
      {
        rawBody: multipart,
        headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      },
    );
    expect(upload.status).toBe(403);

    // A packaged upload through the web's path is refused as well.
    const packaged = await uploadAsset(owner, enterprise, controlled.id, 'direct/web.txt', textBytes('web'));
    expect(packaged.status).toBe(403);
    for (const repo of [controlled, npmControlled, maven, pypi]) {
      const read = expectStatus(
        await owner.client.get<ArtifactRepository>(
          `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibraryRepositories/byRepoName/${repo.name}`,
        ),
        200,
      ).data;
      expect(read.assetCount).toBe(repo === controlled ? 1 : 0);
    }
  });
});
