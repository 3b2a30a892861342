/**
 * Maven 2 metadata, generated from what is stored (Maven's own uploads of it are accepted and
 * dropped): `{group}/{artifactId}/maven-metadata.xml` lists the versions with the latest and the
 * release, `{group}/{artifactId}/{version}-SNAPSHOT/maven-metadata.xml` names the newest
 * timestamped build of each file. A group merges its members' versions.
 */
import { createHash } from 'node:crypto';
import { notFound } from '@core/errors';
import type { Context } from 'hono';
import { checkPath } from '../formats';
import { isMavenMetadata, isSnapshotVersion, METADATA } from '../formats/maven2';
import { type AssetRecord, listAssets } from '../store/contents';
import type { RepositoryRecord } from '../store/repositories';
import { serveText } from './files';
import { readOrder } from './members';

// Which paths are metadata is the format's (formats/maven2.ts); the tests read it here too.
export { isMavenMetadata };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`);

/** `yyyyMMddHHmmss` in UTC, as Maven writes lastUpdated. */
const mavenTime = (iso: string) => iso.replace(/[-:T]/g, '').slice(0, 14);

/** Maven's order of versions, near enough: numbers as numbers, a qualifier before its release. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const [x, y] = [pa[i], pb[i]];
    if (x === undefined) return /^\d+$/.test(y!) ? -1 : 1;
    if (y === undefined) return /^\d+$/.test(x) ? 1 : -1;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? 1 : -1;
    if (!nx && x !== y) return x.localeCompare(y);
  }
  return 0;
}

/**
 * The assets `levels` folders below `folder` (1: its files, 2: its sub-folders' files) in every
 * repository in read order, the first holder's copy of each path.
 */
async function filesUnder(
  repository: RepositoryRecord,
  folder: string,
  levels: number,
): Promise<AssetRecord[]> {
  const depth = folder.split('/').length + levels;
  const seen = new Map<string, AssetRecord>();
  for (const member of await readOrder(repository)) {
    for (const asset of await listAssets(member.enterpriseId, member.repositoryId, `${folder}/`)) {
      if (asset.path.split('/').length === depth && !seen.has(asset.path)) seen.set(asset.path, asset);
    }
  }
  return [...seen.values()];
}

function artifactMetadata(groupId: string, artifactId: string, assets: AssetRecord[]): string | null {
  const versions = new Map<string, string>();
  for (const asset of assets) {
    const [version, file] = asset.path.split('/').slice(-2);
    if (!version || !file || file.startsWith(METADATA)) continue;
    if ((versions.get(version) ?? '') < asset.publishedAt) versions.set(version, asset.publishedAt);
  }
  if (versions.size === 0) return null;
  const ordered = [...versions.keys()].sort(compareVersions);
  const release = ordered.filter((v) => !isSnapshotVersion(v)).at(-1);
  const updated = mavenTime([...versions.values()].sort().at(-1)!);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<metadata>',
    `  <groupId>${escapeXml(groupId)}</groupId>`,
    `  <artifactId>${escapeXml(artifactId)}</artifactId>`,
    '  <versioning>',
    `    <latest>${escapeXml(ordered.at(-1)!)}</latest>`,
    ...(release ? [`    <release>${escapeXml(release)}</release>`] : []),
    '    <versions>',
    ...ordered.map((v) => `      <version>${escapeXml(v)}</version>`),
    '    </versions>',
    `    <lastUpdated>${updated}</lastUpdated>`,
    '  </versioning>',
    '</metadata>',
    '',
  ].join('\n');
}

interface Build {
  timestamp: string;
  buildNumber: number;
  classifier: string;
  extension: string;
  value: string;
  updated: string;
}

/** A timestamped file of `artifactId-1.0-SNAPSHOT`: `artifactId-1.0-20260101.120000-3[-cls].ext`. */
function buildOf(artifactId: string, version: string, asset: AssetRecord): Build | null {
  const base = version.slice(0, -'SNAPSHOT'.length);
  const file = asset.path.split('/').at(-1)!;
  const prefix = `${artifactId}-${base}`;
  if (!file.startsWith(prefix)) return null;
  const match = /^(\d{8}\.\d{6})-(\d+)(?:-([^.]+))?\.(.+)$/.exec(file.slice(prefix.length));
  if (!match || /\.(md5|sha1|sha256|sha512|asc)$/.test(file)) return null;
  const [, timestamp, buildNumber, classifier = '', extension] = match;
  return {
    timestamp: timestamp!,
    buildNumber: Number(buildNumber),
    classifier,
    extension: extension!,
    value: `${base}${timestamp}-${buildNumber}`,
    updated: mavenTime(asset.publishedAt),
  };
}

function snapshotMetadata(groupId: string, artifactId: string, version: string, assets: AssetRecord[]) {
  const builds = assets.map((a) => buildOf(artifactId, version, a)).filter((b): b is Build => b !== null);
  if (builds.length === 0) return null;
  const newest = builds.reduce((a, b) => (b.buildNumber > a.buildNumber ? b : a));
  const perFile = new Map<string, Build>();
  for (const build of builds) {
    const key = `${build.classifier}.${build.extension}`;
    const seen = perFile.get(key);
    if (!seen || build.buildNumber > seen.buildNumber) perFile.set(key, build);
  }
  const updated = builds
    .map((b) => b.updated)
    .sort()
    .at(-1)!;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<metadata modelVersion="1.1.0">',
    `  <groupId>${escapeXml(groupId)}</groupId>`,
    `  <artifactId>${escapeXml(artifactId)}</artifactId>`,
    `  <version>${escapeXml(version)}</version>`,
    '  <versioning>',
    '    <snapshot>',
    `      <timestamp>${newest.timestamp}</timestamp>`,
    `      <buildNumber>${newest.buildNumber}</buildNumber>`,
    '    </snapshot>',
    `    <lastUpdated>${updated}</lastUpdated>`,
    '    <snapshotVersions>',
    ...[...perFile.values()].flatMap((b) => [
      '      <snapshotVersion>',
      ...(b.classifier ? [`        <classifier>${escapeXml(b.classifier)}</classifier>`] : []),
      `        <extension>${escapeXml(b.extension)}</extension>`,
      `        <value>${escapeXml(b.value)}</value>`,
      `        <updated>${b.updated}</updated>`,
      '      </snapshotVersion>',
    ]),
    '    </snapshotVersions>',
    '  </versioning>',
    '</metadata>',
    '',
  ].join('\n');
}

/** The metadata a path names, generated, or its checksum. */
export async function readMavenMetadata(
  c: Context,
  repository: RepositoryRecord,
  path: string,
): Promise<Response> {
  checkPath(path);
  const checksum = /\.(md5|sha1|sha256|sha512)$/.exec(path)?.[1];
  const folder = path.split('/').slice(0, -1);
  const last = folder.at(-1) ?? '';
  let xml: string | null = null;
  if (isSnapshotVersion(last) && folder.length >= 3) {
    const artifactId = folder.at(-2)!;
    const groupId = folder.slice(0, -2).join('.');
    xml = snapshotMetadata(groupId, artifactId, last, await filesUnder(repository, folder.join('/'), 1));
  } else if (folder.length >= 2) {
    const assets = await filesUnder(repository, folder.join('/'), 2);
    xml = artifactMetadata(folder.slice(0, -1).join('.'), last, assets);
  }
  if (!xml) throw notFound(`${path} does not exist in ${repository.name}`);
  if (checksum) return serveText(c, createHash(checksum).update(xml).digest('hex'), 'text/plain');
  return serveText(c, xml, 'application/xml');
}
