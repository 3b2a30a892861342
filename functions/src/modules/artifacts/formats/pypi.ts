/**
 * PyPI: distribution files at `packages/{normalized name}/{version}/{file}`, where the name is
 * normalized as PEP 503 says (lower case, runs of `-_.` become one `-`).
 */
import { badRequest } from '@core/errors';
import type { FormatPlugin } from '.';

export const normalizePypiName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export const pypiFormat: FormatPlugin = {
  format: 'pypi',
  label: 'PyPI',
  hasVersionPolicy: false,
  coordinates(path, policies) {
    const segments = path.split('/');
    if (
      segments.length !== 4 ||
      segments[0] !== 'packages' ||
      normalizePypiName(segments[1]!) !== segments[1]
    ) {
      if (policies.layoutPolicy === 'permissive') return null;
      throw badRequest(
        'path',
        `${path} is not a PyPI file path (packages/{normalized name}/{version}/{file})`,
      );
    }
    return { name: segments[1]!, group: '', version: segments[2]! };
  },
};
