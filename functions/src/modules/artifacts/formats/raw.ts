import type { FormatPlugin } from '.';

/** Raw: any path; each file is its own component, named by its path, without a version. */
export const rawFormat: FormatPlugin = {
  format: 'raw',
  label: 'Raw',
  hasVersionPolicy: false,
  coordinates: (path) => ({ name: path, group: '', version: '' }),
};
