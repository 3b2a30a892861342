import { describe, expect, it } from 'vitest';
import {
  hasSpecFilters,
  hasUserRequirementFilters,
  nextSearch,
  specListParams,
  type UserRequirementSearch,
  validateSpecSearch,
  validateUserRequirementSearch,
} from './requirement-search';

describe('validateUserRequirementSearch', () => {
  it('keeps allowed values, in a stable order', () => {
    expect(
      validateUserRequirementSearch({
        keyword: '  export ',
        status: [6, 1, 1],
        priority: '2,1',
        tagId: 'tag-1',
        source: '3',
        moduleId: 'p1.m2',
        pageNum: 3,
      }),
    ).toEqual({
      keyword: 'export',
      status: [1, 6],
      priority: [1, 2],
      tagId: 'tag-1',
      source: 3,
      moduleId: 'p1.m2',
      pageNum: 3,
    });
  });

  it('drops what is not allowed instead of failing', () => {
    expect(
      validateUserRequirementSearch({
        keyword: '   ',
        status: [7, 'x'],
        priority: 9,
        tagId: '',
        source: 42,
        moduleId: 'x'.repeat(65),
        pageNum: 1,
        other: 'y',
      }),
    ).toEqual({});
  });
});

describe('validateSpecSearch', () => {
  it('keeps types, plan and owner; page 1 is the default and left out', () => {
    expect(validateSpecSearch({ type: '4,1', planId: 'p1.plan', ownerId: 'u1', pageNum: '1' })).toEqual({
      type: [1, 4],
      planId: 'p1.plan',
      ownerId: 'u1',
    });
  });
});

describe('filters', () => {
  it('treats the module and the page as not filtering', () => {
    expect(hasUserRequirementFilters({ moduleId: 'm', pageNum: 2 })).toBe(false);
    expect(hasUserRequirementFilters({ source: 1 })).toBe(true);
    expect(hasSpecFilters({ moduleId: 'm' })).toBe(false);
    expect(hasSpecFilters({ planId: 'p' })).toBe(true);
  });

  it('starts again at the first page when a filter changes, not when the page does', () => {
    expect(nextSearch<UserRequirementSearch>({ status: [1], pageNum: 4 }, { priority: [2] })).toEqual({
      status: [1],
      priority: [2],
      pageNum: undefined,
    });
    expect(nextSearch({ status: [1], pageNum: 4 }, { pageNum: 5 })).toEqual({ status: [1], pageNum: 5 });
  });

  it('asks for the first page by default', () => {
    expect(specListParams('p1', { keyword: 'a' })).toEqual({ productId: 'p1', keyword: 'a', pageNum: 1 });
  });
});
