/**
 * Maven 2 repositories with the real mvn (deploy:deploy-file, and a project that depends on what was deployed) and curl against the
 * app on a local port: release and timestamped SNAPSHOT deploys, the generated maven-metadata.xml,
 * checksums for every file, the version policy, and the strict layout.
 *
 * mvn runs offline-safe: its settings (written here) mirror every repository to ours, `-llr`
 * lets it use the plugins already in the local repository whichever repository they came from,
 * and the artifacts use a group of this run's own, removed from the local repository afterwards.
 */
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted } from './artifact-fixtures';
import {
  accessToken,
  basicAuth,
  removeScratch,
  repositoryUrl,
  run,
  scratch,
  startServer,
} from './artifacts-clients';
import { createEnterprise, signUpMany, type TestUser, unique } from './helpers';

let server: RunningServer;
let owner: TestUser;
let enterprise: Enterprise;
let releases: ArtifactRepository;
let snapshots: ArtifactRepository;
let token: string;
/** This run's own group, so nothing it puts in the local repository meets another run's. */
const group = `test.artifacts.${unique('g')
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '')}`;
const groupPath = group.replaceAll('.', '/');

beforeAll(async () => {
  server = await startServer();
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'Maven');
  releases = await createHosted(owner, enterprise, { format: 'maven2', versionPolicy: 'release' });
  snapshots = await createHosted(owner, enterprise, {
    format: 'maven2',
    versionPolicy: 'snapshot',
    writePolicy: 'allow',
  });
  token = await accessToken(owner);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
  rmSync(join(homedir(), '.m2', 'repository', groupPath), { recursive: true, force: true });
});

function settings(url: string): string {
  const folder = scratch('mvn');
  const file = join(folder, 'settings.xml');
  writeFileSync(
    file,
    `<settings>
  <servers><server><id>ours</id><username>ci</username><password>${token}</password></server></servers>
  <mirrors><mirror><id>ours</id><mirrorOf>*</mirrorOf><url>${url}</url></mirror></mirrors>
  <!-- The mirror takes the policies of what it mirrors: central takes no snapshots, this does. -->
  <profiles><profile><id>snapshots</id><repositories><repository>
    <id>snapshots</id><url>${url}</url><snapshots><enabled>true</enabled></snapshots>
  </repository></repositories></profile></profiles>
  <activeProfiles><activeProfile>snapshots</activeProfile></activeProfiles>
</settings>`,
  );
  return file;
}

/** Plugin versions whose dependencies the local repository holds (nothing is downloaded). */
const DEPLOY_FILE = 'org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy-file';
const COMPILE = 'org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile';

const mvn = (settingsFile: string, ...args: string[]) =>
  run('mvn', ['-B', '-llr', '-s', settingsFile, ...args], { timeoutMs: 180_000 });

/**
 * Resolves `group:core:version` as a project's dependency does: the compiler resolves the
 * project's dependencies before it finds nothing to compile.
 */
function resolve(settingsFile: string, version: string) {
  const folder = scratch('consumer');
  writeFileSync(
    join(folder, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>test.consumer</groupId><artifactId>consumer</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release></properties>
  <dependencies><dependency><groupId>${group}</groupId><artifactId>core</artifactId><version>${version}</version></dependency></dependencies>
</project>`,
  );
  return run('mvn', ['-B', '-llr', '-s', settingsFile, '-f', join(folder, 'pom.xml'), COMPILE], {
    timeoutMs: 180_000,
  });
}

function jarFile(text: string): string {
  const file = join(scratch('jar'), 'lib.jar');
  writeFileSync(file, text);
  return file;
}

const get = (url: string) => fetch(url, { headers: { Authorization: basicAuth(token) }, redirect: 'follow' });
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('Maven 2 with mvn', () => {
  it('deploys a release and a timestamped SNAPSHOT, and a project resolves both', async () => {
    const releaseUrl = repositoryUrl(server, enterprise, releases.name);
    const released = await mvn(
      settings(releaseUrl),
      DEPLOY_FILE,
      `-Dfile=${jarFile('release jar')}`,
      `-DgroupId=${group}`,
      '-DartifactId=core',
      '-Dversion=1.0.0',
      '-Dpackaging=jar',
      '-DgeneratePom=true',
      `-Durl=${releaseUrl}`,
      '-DrepositoryId=ours',
    );
    expect(released.code, released.stdout.slice(-3000)).toBe(0);

    const snapshotUrl = repositoryUrl(server, enterprise, snapshots.name);
    for (const text of ['snapshot one', 'snapshot two']) {
      const deployed = await mvn(
        settings(snapshotUrl),
        DEPLOY_FILE,
        `-Dfile=${jarFile(text)}`,
        `-DgroupId=${group}`,
        '-DartifactId=core',
        '-Dversion=1.1-SNAPSHOT',
        '-Dpackaging=jar',
        '-DgeneratePom=true',
        `-Durl=${snapshotUrl}`,
        '-DrepositoryId=ours',
      );
      expect(deployed.code, deployed.stdout.slice(-3000)).toBe(0);
    }
    const metadata = await (
      await get(`${snapshotUrl}/${groupPath}/core/1.1-SNAPSHOT/maven-metadata.xml`)
    ).text();
    expect(metadata).toContain('<buildNumber>2</buildNumber>');

    rmSync(join(homedir(), '.m2', 'repository', groupPath), { recursive: true, force: true });
    const fetched = await resolve(settings(releaseUrl), '1.0.0');
    expect(fetched.code, fetched.stdout.slice(-3000)).toBe(0);
    const fetchedSnapshot = await resolve(settings(snapshotUrl), '1.1-SNAPSHOT');
    expect(fetchedSnapshot.code, fetchedSnapshot.stdout.slice(-3000)).toBe(0);
    const { readFileSync } = await import('node:fs');
    const local = join(homedir(), '.m2', 'repository', groupPath, 'core');
    expect(readFileSync(join(local, '1.0.0', 'core-1.0.0.jar'), 'utf8')).toBe('release jar');
    expect(readFileSync(join(local, '1.1-SNAPSHOT', 'core-1.1-SNAPSHOT.jar'), 'utf8')).toBe('snapshot two');
  }, 300_000);
});

describe('Maven 2 with curl', () => {
  it('serves every checksum, generated metadata with latest and release, and keeps the policies', async () => {
    const url = repositoryUrl(server, enterprise, releases.name);
    const put = (path: string, body: string) =>
      fetch(`${url}/${path}`, { method: 'PUT', headers: { Authorization: basicAuth(token) }, body });
    const base = `${groupPath}/util`;
    for (const version of ['1.2.0', '1.10.0', '1.9.0']) {
      expect((await put(`${base}/${version}/util-${version}.jar`, `util ${version}`)).status).toBe(201);
    }
    const metadata = await (await get(`${url}/${base}/maven-metadata.xml`)).text();
    expect(metadata).toContain('<latest>1.10.0</latest>');
    expect(metadata).toContain('<release>1.10.0</release>');
    expect([...metadata.matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1])).toEqual([
      '1.2.0',
      '1.9.0',
      '1.10.0',
    ]);
    expect(await (await get(`${url}/${base}/maven-metadata.xml.sha1`)).text()).toBe(sha1(metadata));
    expect(await (await get(`${url}/${base}/1.9.0/util-1.9.0.jar.sha1`)).text()).toBe(sha1('util 1.9.0'));

    // A checksum sent after its file is checked, never stored.
    expect((await put(`${base}/1.9.0/util-1.9.0.jar.sha1`, sha1('util 1.9.0'))).status).toBe(201);
    const wrongSum = await put(`${base}/1.9.0/util-1.9.0.jar.md5`, '0'.repeat(32));
    expect(wrongSum.status).toBe(400);

    const snapshot = await put(`${base}/2.0-SNAPSHOT/util-2.0-SNAPSHOT.jar`, 'snap');
    expect(snapshot.status).toBe(400);
    expect((await snapshot.json()).error).toContain('takes release versions only');
    const layout = await put(`${base}/1.9.0/other-1.9.0.jar`, 'x');
    expect(layout.status).toBe(400);
    expect((await layout.json()).error).toContain('must start with util-');
    expect((await put(`${base}/1.9.0/util-1.9.0.jar`, 'again')).status).toBe(409);
  });
});
