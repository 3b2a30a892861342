import { describe, expect, it } from 'vitest';
import { clock } from './clock';
import { newId } from './ids';

describe('newId', () => {
  it('is 26 lower-case characters, unique, and sorts by creation time', () => {
    const realNow = clock.now;
    try {
      clock.now = () => 1_000;
      const earlier = newId();
      clock.now = () => 2_000;
      const later = newId();
      expect(earlier).toMatch(/^[0-9a-z]{26}$/);
      expect(earlier < later).toBe(true);
    } finally {
      clock.now = realNow;
    }
    const many = new Set(Array.from({ length: 1000 }, newId));
    expect(many.size).toBe(1000);
  });
});
