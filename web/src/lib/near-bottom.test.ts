import { describe, expect, it } from 'vitest';
import { isNearBottom } from './near-bottom';

describe('isNearBottom', () => {
  it('is true within 100 px of the bottom, false further up', () => {
    expect(isNearBottom({ scrollHeight: 2000, scrollTop: 1200, clientHeight: 700 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 2000, scrollTop: 1199, clientHeight: 700 })).toBe(false);
    expect(isNearBottom({ scrollHeight: 2000, scrollTop: 1300, clientHeight: 700 })).toBe(true);
  });

  it('is true when the content does not fill the window', () => {
    expect(isNearBottom({ scrollHeight: 500, scrollTop: 0, clientHeight: 800 })).toBe(true);
  });
});
