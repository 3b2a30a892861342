/**
 * npm: a package's tarballs at `{name}/-/{basename}-{version}.tgz`, where the name may be scoped
 * (`@scope/name`) and the basename is the name without its scope. The packument is generated,
 * never stored as an asset.
 */
import { badRequest } from '@core/errors';
import type { FormatPlugin } from '.';

/** npm's rules for a package name (validate-npm-package-name, new packages). */
export const NPM_NAME = /^(?:@([a-z0-9][a-z0-9._~-]*)\/)?([a-z0-9][a-z0-9._~-]*)$/;

export function parseNpmName(name: string): { scope: string; basename: string } | null {
  if (name.length > 214) return null;
  const match = NPM_NAME.exec(name);
  return match ? { scope: match[1] ?? '', basename: match[2]! } : null;
}

export const npmFormat: FormatPlugin = {
  format: 'npm',
  label: 'npm',
  hasVersionPolicy: false,
  coordinates(path, policies) {
    const at = path.indexOf('/-/');
    const name = at > 0 ? path.slice(0, at) : '';
    const parsed = parseNpmName(name);
    const file = path.slice(at + 3);
    const prefix = `${parsed?.basename}-`;
    if (!parsed || !file.startsWith(prefix) || !file.endsWith('.tgz') || file.includes('/')) {
      if (policies.layoutPolicy === 'permissive') return null;
      throw badRequest('path', `${path} is not an npm tarball path ({name}/-/{name}-{version}.tgz)`);
    }
    return { name, group: parsed.scope, version: file.slice(prefix.length, -'.tgz'.length) };
  },
};
