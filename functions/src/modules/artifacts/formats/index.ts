/**
 * The formats as plug-ins: each says which component an asset path belongs to and what the
 * format's layout allows. A new format (docker) is one more entry of FORMATS.
 */
import { badRequest } from '@core/errors';
import type { ArtifactFormat, LayoutPolicy, VersionPolicy } from '@shared/schemas/artifacts';
import { maven2Format } from './maven2';
import { npmFormat } from './npm';
import { pypiFormat } from './pypi';
import { rawFormat } from './raw';

/** The component an asset belongs to: a name (and group) at a version. */
export interface Coordinates {
  name: string;
  group: string;
  version: string;
}

export interface RepositoryPolicies {
  layoutPolicy: LayoutPolicy;
  versionPolicy: VersionPolicy;
}

export interface FormatPlugin {
  format: ArtifactFormat;
  label: string;
  /** Maven only: whether its version policy means anything (the form shows it when true). */
  hasVersionPolicy: boolean;
  /**
   * The component of `path`, null for an asset of no component (metadata, checksums), or a 400
   * naming the path when the layout (strict) or the version policy refuses it.
   */
  coordinates(path: string, policies: RepositoryPolicies): Coordinates | null;
}

export const FORMATS: Record<ArtifactFormat, FormatPlugin> = {
  npm: npmFormat,
  maven2: maven2Format,
  pypi: pypiFormat,
  raw: rawFormat,
};

const FORBIDDEN_SEGMENT = /^\.{1,2}$/;

/**
 * A stored path: segments separated by single slashes, none empty, `.` or `..`, no backslash or
 * control character. Anything else could climb out of the repository or name two things alike.
 */
export function checkPath(path: string): string {
  if (path.startsWith('/') || path.endsWith('/'))
    throw badRequest('path', `${path} must not start or end with /`);
  if (path.includes('\\') || [...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    throw badRequest('path', 'Path must not hold a backslash or control characters');
  }
  for (const segment of path.split('/')) {
    if (segment === '' || FORBIDDEN_SEGMENT.test(segment)) {
      throw badRequest('path', `${path} has an empty, . or .. segment`);
    }
  }
  return path;
}

/** A stable id for a component: the same name and version always give the same id. */
export async function componentIdOf(coordinates: Coordinates): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256')
    .update(`${coordinates.group}\u0000${coordinates.name}\u0000${coordinates.version}`)
    .digest('hex')
    .slice(0, 32);
}
