/**
 * Demo artifact repositories (docs/artifacts.md): an npm hosted repository with a few packages
 * and versions, a Maven release repository, a raw one and an npm group in front of the npm
 * repository, filled through the management API's packaged upload (presigned POST, then
 * confirm) as the web and scripts upload large files; a snapshot of the npm repository and a
 * component promoted from it into an npm product repository. Idempotent: repositories that exist are
 * left alone, and so are paths already stored.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ArtifactRepository, Component, PackagedTicket, Snapshot } from '@shared/schemas/artifacts';
import type { Page } from '@shared/schemas/common';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const run = promisify(execFile);
const REPOSITORIES = `/api/pms/${DEMO_IDENTIFIER}/pmsProductLibraryRepositories`;
const LIBRARY = `/api/pms/${DEMO_IDENTIFIER}/pmsProductLibrary`;

const NPM_PACKAGES = [
  { name: '@acme/fleet-client', versions: ['1.0.0', '1.1.0', '1.2.0'] },
  { name: 'dock-protocol', versions: ['0.9.0', '1.0.0'] },
];

/** An npm tarball as `npm pack` makes it: `package/package.json` and a file, gzipped. */
async function npmTarball(name: string, version: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-npm-'));
  try {
    await mkdir(join(dir, 'package'));
    writeFileSync(
      join(dir, 'package', 'package.json'),
      JSON.stringify({ name, version, main: 'index.js' }, null, 2),
    );
    writeFileSync(join(dir, 'package', 'index.js'), `module.exports = { version: '${version}' };\n`);
    await run('tar', ['-czf', join(dir, 'out.tgz'), '-C', dir, 'package']);
    return new Uint8Array(readFileSync(join(dir, 'out.tgz')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pom = (group: string, artifact: string, version: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${group}</groupId>
  <artifactId>${artifact}</artifactId>
  <version>${version}</version>
  <packaging>jar</packaging>
</project>
`;

const text = (value: string) => new TextEncoder().encode(value);

/** Starts a packaged upload, posts the bytes to the presigned address and confirms it. */
async function upload(
  owner: ApiSession,
  repositoryId: string,
  path: string,
  bytes: Uint8Array,
): Promise<void> {
  const ticket = await owner.post<PackagedTicket>(`${LIBRARY}/${repositoryId}/packaged`, {
    path,
    size: bytes.length,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)]), path.split('/').at(-1) ?? 'file');
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  if (!stored.ok) throw new Error(`Storing ${path} failed: ${stored.status} ${await stored.text()}`);
  await owner.post(`${LIBRARY}/${repositoryId}/packaged/${ticket.uploadId}/confirm`);
}

/** Uploads the paths the repository does not hold yet; answers how many it uploaded. */
async function fill(
  owner: ApiSession,
  repository: ArtifactRepository,
  files: { path: string; bytes: () => Promise<Uint8Array> | Uint8Array }[],
): Promise<number> {
  let uploaded = 0;
  for (const file of files) {
    const exists = await owner
      .get(`${LIBRARY}/${repository.id}/asset?path=${encodeURIComponent(file.path)}`)
      .then(() => true)
      .catch(() => false);
    if (exists) continue;
    await upload(owner, repository.id, file.path, await file.bytes());
    uploaded += 1;
  }
  return uploaded;
}

async function ensureRepository(
  owner: ApiSession,
  existing: ArtifactRepository[],
  type: 'hosted' | 'group',
  body: Record<string, unknown> & { name: string },
): Promise<ArtifactRepository> {
  const found = existing.find((r) => r.name === body.name);
  return found ?? owner.post<ArtifactRepository>(`${REPOSITORIES}/${type}`, body);
}

/** Seeds the repositories and their files; answers how many files it uploaded. */
export async function seedArtifacts({ owner }: FoundationSeed): Promise<number> {
  const existing = await owner.get<ArtifactRepository[]>(`${REPOSITORIES}/list`);
  const npm = await ensureRepository(owner, existing, 'hosted', {
    name: 'npm-internal',
    format: 'npm',
    description: 'Packages the fleet teams publish from CI.',
  });
  const maven = await ensureRepository(owner, existing, 'hosted', {
    name: 'maven-releases',
    format: 'maven2',
    versionPolicy: 'release',
    description: 'Released Java libraries of the dock firmware tools.',
  });
  const raw = await ensureRepository(owner, existing, 'hosted', {
    name: 'firmware-images',
    format: 'raw',
    layoutPolicy: 'permissive',
    description: 'Firmware images and release notes, fetched with curl.',
  });
  await ensureRepository(owner, existing, 'group', {
    name: 'npm-all',
    format: 'npm',
    description: 'Install from here: the internal packages first.',
    memberIds: [npm.id],
  });

  const npmFiles = NPM_PACKAGES.flatMap(({ name, versions }) =>
    versions.map((version) => ({
      path: `${name}/-/${name.split('/').at(-1)}-${version}.tgz`,
      bytes: () => npmTarball(name, version),
    })),
  );
  const mavenFiles = ['1.0.0', '1.1.0'].flatMap((version) => {
    const dir = `com/acme/dock/dock-telemetry/${version}`;
    return [
      {
        path: `${dir}/dock-telemetry-${version}.pom`,
        bytes: () => text(pom('com.acme.dock', 'dock-telemetry', version)),
      },
      { path: `${dir}/dock-telemetry-${version}.jar`, bytes: () => text(`jar of dock-telemetry ${version}`) },
    ];
  });
  const rawFiles = [
    { path: 'dock/4.0/dock-4.0.0.bin', bytes: () => text('firmware image 4.0.0\n'.repeat(64)) },
    { path: 'dock/4.0/release-notes.md', bytes: () => text('# Dock 4.0\n\n- Faster charging handshake\n') },
    { path: 'dock/3.9/dock-3.9.2.bin', bytes: () => text('firmware image 3.9.2\n'.repeat(48)) },
  ];
  const uploaded =
    (await fill(owner, npm, npmFiles)) +
    (await fill(owner, maven, mavenFiles)) +
    (await fill(owner, raw, rawFiles));
  const product = await ensureRepository(owner, existing, 'hosted', {
    name: 'npm-releases',
    format: 'npm',
    kind: 'chanpin',
    description: 'What shipped to customers: promoted from npm-internal.',
  });
  await releaseFleetClient(owner, npm, product);
  return uploaded;
}

const RELEASE_SNAPSHOT = 'fleet-1.2';

/**
 * A snapshot of npm-internal and, from it, @acme/fleet-client 1.2.0 promoted into the product
 * repository; each step only when it has not happened yet.
 */
async function releaseFleetClient(
  owner: ApiSession,
  source: ArtifactRepository,
  product: ArtifactRepository,
): Promise<void> {
  const snapshots = `/api/pms/${DEMO_IDENTIFIER}/pmsProductLibrarySnapshot/${source.id}`;
  const taken = await owner.get<Snapshot[]>(snapshots);
  if (!taken.some((s) => s.name === RELEASE_SNAPSHOT)) {
    await owner.post(snapshots, { name: RELEASE_SNAPSHOT, description: 'Fleet client 1.2 as released' });
  }
  const promoted = await owner
    .get(
      `${LIBRARY}/${product.id}/asset?path=${encodeURIComponent('@acme/fleet-client/-/fleet-client-1.2.0.tgz')}`,
    )
    .then(() => true)
    .catch(() => false);
  if (promoted) return;
  const page = await owner.get<Page<Component>>(`${LIBRARY}/${source.id}/components?q=fleet-client`);
  const component = page.rows.find((c) => c.version === '1.2.0');
  if (!component) return;
  await owner.post(`${LIBRARY}/${source.id}/copy`, {
    targetRepositoryId: product.id,
    componentIds: [component.id],
    snapshotName: RELEASE_SNAPSHOT,
  });
}
