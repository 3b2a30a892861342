import { merge } from 'node-diff3';

/**
 * Three-way merge of a page by lines: what the editor started from (`base`), what this person
 * wrote (`mine`) and what someone else saved meanwhile (`theirs`). Changes to different lines
 * combine; changes to the same lines come back between conflict markers for the person to settle.
 */
export function mergePage(base: string, mine: string, theirs: string): { text: string; conflict: boolean } {
  const result = merge(mine.split('\n'), base.split('\n'), theirs.split('\n'), {
    label: { a: 'your change', b: 'their change' },
  });
  return { text: result.result.join('\n'), conflict: result.conflict };
}
