import { describe, expect, it } from 'vitest';
import type { Item } from './expressions';
import { readRecord } from './records';

interface Sample {
  id: string;
  version: number;
  remark: string;
  tagIds: string[];
  ownerId: string | null;
  builtIn: boolean;
}

function fromItem(item: Item): Sample {
  return readRecord(item, ['id', 'version'], { remark: '', tagIds: [], ownerId: null, builtIn: false });
}

describe('readRecord', () => {
  it('reads the named fields and leaves the keys and anything else out', () => {
    const record: Sample = { id: 'a', version: 3, remark: 'r', tagIds: ['t'], ownerId: 'u', builtIn: true };
    const item = { pk: 'P', sk: 'S', gsi1pk: 'G', entity: 'Sample', other: 1, ...record };
    expect(fromItem(item)).toStrictEqual(record);
  });

  it('gives a missing or null attribute its default, and every record its own list', () => {
    const first = fromItem({ id: 'a', version: 1, remark: null });
    expect(first).toStrictEqual({
      id: 'a',
      version: 1,
      remark: '',
      tagIds: [],
      ownerId: null,
      builtIn: false,
    });
    first.tagIds.push('x');
    expect(fromItem({ id: 'b', version: 1 }).tagIds).toStrictEqual([]);
  });

  it('keeps stored falsy values', () => {
    expect(fromItem({ id: 'a', version: 0, remark: '', ownerId: null, builtIn: false })).toMatchObject({
      version: 0,
      remark: '',
      builtIn: false,
    });
  });
});
