import type { ProductModule } from '@shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { changedFields, emptySpec, moduleOptions, specFields } from './requirement-forms';

const module = (id: string, name: string, root_id: string | null): ProductModule => ({
  id,
  productId: 'p',
  name,
  root_id,
  sort: 0,
  version: 1,
});

describe('changedFields', () => {
  it('names only what differs', () => {
    const original = emptySpec({ title: 'Export', priority: 3, tagIds: ['a', 'b'] });
    expect(changedFields(original, { ...original })).toEqual({});
    expect(changedFields(original, { ...original, priority: 1, moduleId: 'm1' })).toEqual({
      priority: 1,
      moduleId: 'm1',
    });
  });

  it('compares tags as a set and text without surrounding spaces', () => {
    const original = emptySpec({ title: 'Export', tagIds: ['a', 'b'] });
    expect(changedFields(original, { ...original, tagIds: ['b', 'a'], title: ' Export ' })).toEqual({});
    expect(changedFields(original, { ...original, tagIds: ['a'] })).toEqual({ tagIds: ['a'] });
  });

  it('sees clearing a value as a change', () => {
    const original = emptySpec({ ownerId: 'u1', estimatedHours: 4 });
    expect(changedFields(original, { ...original, ownerId: null, estimatedHours: '' })).toEqual({
      ownerId: null,
      estimatedHours: '',
    });
  });
});

describe('specFields', () => {
  it('sends an empty estimate as null', () => {
    expect(specFields(emptySpec()).estimatedHours).toBeNull();
    expect(specFields(emptySpec({ estimatedHours: 2.5 })).estimatedHours).toBe(2.5);
  });
});

describe('moduleOptions', () => {
  it('labels each module with its path', () => {
    const modules = [
      module('m1', 'Billing', null),
      module('m2', 'Invoices', 'm1'),
      module('m3', 'PDF', 'm2'),
      module('m4', 'Accounts', null),
      module('m5', 'Invoices', 'm4'),
    ];
    expect(moduleOptions(modules)).toEqual([
      { value: 'm1', label: 'Billing' },
      { value: 'm2', label: 'Billing / Invoices' },
      { value: 'm3', label: 'Billing / Invoices / PDF' },
      { value: 'm4', label: 'Accounts' },
      { value: 'm5', label: 'Accounts / Invoices' },
    ]);
  });
});
