import { describe, expect, it } from 'vitest';
import { productSectionOf } from './ProductTabs';

describe('product sections', () => {
  it('knows the section of a path', () => {
    expect(productSectionOf('/acme/products/p1', 'p1')).toBe('needs');
    expect(productSectionOf('/acme/products/p1/', 'p1')).toBe('needs');
    expect(productSectionOf('/acme/products/p1/needs/p1.4', 'p1')).toBe('needs');
    expect(productSectionOf('/acme/products/p1/demand', 'p1')).toBe('demand');
    expect(productSectionOf('/acme/products/p1/demand/p1.9', 'p1')).toBe('demand');
    expect(productSectionOf('/acme/products/p1/plan/p1.3/p1.9', 'p1')).toBe('plan');
  });
});
