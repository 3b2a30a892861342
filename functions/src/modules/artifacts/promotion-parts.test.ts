import { describe, expect, it } from 'vitest';
import { partsOf } from './promotion-parts';
import { MAX_FILES_PER_COMMIT } from './store/contents';

/** `count` files of component `id` (null: files of no component). */
const files = (id: string | null, count: number) =>
  Array.from({ length: count }, (_, i) => ({ path: `${id ?? 'loose'}/${i}`, componentId: id }));

describe('partsOf', () => {
  it('keeps a promotion that fits one transaction in one part', () => {
    const copies = [...files('a', 3), ...files('b', 2), ...files(null, 2)];
    expect(partsOf(copies)).toEqual([copies]);
  });

  it('splits between components, never inside one that fits a part', () => {
    const a = files('a', MAX_FILES_PER_COMMIT - 2);
    const b = files('b', 4);
    const parts = partsOf([...a.slice(0, 5), ...b, ...a.slice(5)]);
    expect(parts).toEqual([a, b]);
  });

  it('splits only a component larger than a part', () => {
    const big = files('big', MAX_FILES_PER_COMMIT + 3);
    const parts = partsOf(big);
    expect(parts.map((p) => p.length)).toEqual([MAX_FILES_PER_COMMIT, 3]);
    expect(parts.flat()).toEqual(big);
  });
});
