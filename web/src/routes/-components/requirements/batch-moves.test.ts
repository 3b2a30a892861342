import { describe, expect, it } from 'vitest';
import { batchRefusal } from './batch-moves';

describe('batchRefusal', () => {
  it('allows completing and planning reviewed and planning specs', () => {
    expect(batchRefusal('complete', [2, 4, 2])).toBeNull();
    expect(batchRefusal('activate', [2, 4])).toBeNull();
  });

  it('names the statuses that refuse the move, once each', () => {
    expect(batchRefusal('complete', [2, 1, 6, 1])).toBe(
      'Complete is for reviewed or planning specs; the selection holds: Pending review, Changed',
    );
    expect(batchRefusal('activate', [3])).toMatch(/holds: Completed$/);
  });
});
