/**
 * Maven 2 layout: `{group as folders}/{artifactId}/{version}/{artifactId}-{version}[-classifier].{ext}`,
 * checksums beside every file, and `maven-metadata.xml` at the artifact and (for snapshots) the
 * version folder. A SNAPSHOT version's files may carry a timestamp instead of `SNAPSHOT`
 * (`1.0-20260101.120000-1`).
 */
import { badRequest } from '@core/errors';
import type { Coordinates, FormatPlugin, RepositoryPolicies } from '.';

const CHECKSUM = /\.(md5|sha1|sha256|sha512|asc)$/;
export const METADATA = 'maven-metadata.xml';
const TIMESTAMPED = /^\d{8}\.\d{6}-\d+$/;

const METADATA_PATH = /(^|\/)maven-metadata\.xml(\.(md5|sha1|sha256|sha512))?$/;

/** Maven's metadata files (and their checksums), which the library generates from what is stored. */
export const isMavenMetadata = (path: string) => METADATA_PATH.test(path);

export const isSnapshotVersion = (version: string) => version.endsWith('-SNAPSHOT');

/** Whether `fileVersion` names `version`: the same, or a timestamped build of a SNAPSHOT. */
function fileVersionMatches(version: string, fileVersion: string): boolean {
  if (fileVersion === version) return true;
  if (!isSnapshotVersion(version)) return false;
  const base = version.slice(0, -'SNAPSHOT'.length);
  return fileVersion.startsWith(base) && TIMESTAMPED.test(fileVersion.slice(base.length));
}

function layoutError(path: string, rule: string) {
  return badRequest('path', `${path} does not follow the Maven 2 layout: ${rule}`);
}

/** The coordinates of an artifact file under strict layout, or the reason it breaks it. */
function strictCoordinates(path: string): Coordinates | null {
  const segments = path.split('/');
  const file = segments.at(-1)!;
  if (file.startsWith(METADATA)) {
    if (segments.length < 3) throw layoutError(path, 'metadata sits under {group}/{artifactId}/');
    return null;
  }
  if (segments.length < 4) throw layoutError(path, 'expected {group}/{artifactId}/{version}/{file}');
  const version = segments.at(-2)!;
  const artifactId = segments.at(-3)!;
  const group = segments.slice(0, -3).join('.');
  const stem = file.replace(CHECKSUM, '');
  const prefix = `${artifactId}-`;
  if (!stem.startsWith(prefix)) throw layoutError(path, `the file name must start with ${prefix}`);
  const rest = stem.slice(prefix.length);
  const fileVersion = [...rest.matchAll(/[.-]/g)]
    .map((m) => rest.slice(0, m.index))
    .concat(rest)
    .find((candidate) => fileVersionMatches(version, candidate));
  if (!fileVersion) throw layoutError(path, `the file name must carry the version ${version}`);
  const after = rest.slice(fileVersion.length);
  if (after !== '' && !/^(-[^.]+)?\.[A-Za-z0-9.]+$/.test(after)) {
    throw layoutError(path, 'expected {artifactId}-{version}[-{classifier}].{extension}');
  }
  return { group, name: artifactId, version };
}

/** Loosest reading for permissive layout: the folder two up is the artifact, one up the version. */
function looseCoordinates(path: string): Coordinates | null {
  const segments = path.split('/');
  if (segments.length < 4 || segments.at(-1)!.startsWith(METADATA)) return null;
  return { group: segments.slice(0, -3).join('.'), name: segments.at(-3)!, version: segments.at(-2)! };
}

function checkVersionPolicy(
  path: string,
  coordinates: Coordinates | null,
  policies: RepositoryPolicies,
): void {
  if (!coordinates || policies.versionPolicy === 'mixed') return;
  const snapshot = isSnapshotVersion(coordinates.version);
  if (policies.versionPolicy === 'release' && snapshot) {
    throw badRequest(
      'path',
      `${path}: This repository takes release versions only, not ${coordinates.version}`,
    );
  }
  if (policies.versionPolicy === 'snapshot' && !snapshot) {
    throw badRequest(
      'path',
      `${path}: This repository takes -SNAPSHOT versions only, not ${coordinates.version}`,
    );
  }
}

export const maven2Format: FormatPlugin = {
  format: 'maven2',
  label: 'Maven 2',
  hasVersionPolicy: true,
  coordinates(path, policies) {
    const coordinates = policies.layoutPolicy === 'strict' ? strictCoordinates(path) : looseCoordinates(path);
    checkVersionPolicy(path, coordinates, policies);
    return coordinates;
  },
};
