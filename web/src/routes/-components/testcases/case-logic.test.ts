import { MAX_UPLOAD_BYTES } from '@shared/domain/testing';
import { describe, expect, it } from 'vitest';
import { caseFileProblem, fileSize } from './case-file';
import { caseDetail, moduleNode } from './case-fixtures';
import { caseFields, caseValuesOf, emptyCaseValues, validateCase } from './case-form';
import {
  moduleOptions,
  modulePath,
  moveTargets,
  sortAfterLast,
  TOP_LEVEL,
  totalCases,
} from './case-module-tree';
import {
  caseListParams,
  hasCaseFilters,
  nextCaseSearch,
  validateCaseSearch,
  validateTestSearch,
} from './case-search';

describe('case search params', () => {
  it('keeps allowed values and drops the rest', () => {
    expect(
      validateCaseSearch({
        keyword: '  login  ',
        type: '3',
        priority: 9,
        tagId: 'ct-smoke',
        needsConfirmation: 'true',
        pageNum: '2',
        pageSize: '50',
      }),
    ).toEqual({
      keyword: 'login',
      type: 3,
      tagId: 'ct-smoke',
      needsConfirmation: true,
      pageNum: 2,
      pageSize: 50,
    });
    // Page 1 and the default size are the absence of the params.
    expect(validateCaseSearch({ pageNum: 1, pageSize: 10, type: 'x', needsConfirmation: 'no' })).toEqual({});
    expect(validateCaseSearch({ pageSize: 15 })).toEqual({});
  });

  it("keeps the sheets' and reports' own params", () => {
    expect(validateTestSearch({ result: '2', keyword: 'x', pageNum: 'bad' })).toEqual({
      result: '2',
      keyword: 'x',
    });
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const prev = { keyword: 'a', pageNum: 3 };
    expect(nextCaseSearch(prev, { type: 2 })).toEqual({ keyword: 'a', type: 2, pageNum: undefined });
    expect(nextCaseSearch(prev, { pageNum: 4 })).toEqual({ keyword: 'a', pageNum: 4 });
    expect(nextCaseSearch(prev, { pageSize: 50 })).toEqual({
      keyword: 'a',
      pageSize: 50,
      pageNum: undefined,
    });
  });

  it('builds the list params with the module, page 1 and size 10 by default', () => {
    expect(caseListParams('p1', 'p1.m1', { needsConfirmation: true })).toMatchObject({
      pmsProjectId: 'p1',
      moduleId: 'p1.m1',
      needsConfirmation: true,
      pageNum: 1,
      pageSize: 10,
    });
    expect(hasCaseFilters({})).toBe(false);
    expect(hasCaseFilters({ needsConfirmation: true })).toBe(true);
  });
});

describe('case module tree', () => {
  const tree = [
    moduleNode('a', 'Web', null, [moduleNode('b', 'Login', 'a', [moduleNode('c', 'SSO', 'b', [], 2)], 3)], 1),
    moduleNode('d', 'Mobile', null, [], 4),
  ];

  it('paths, options and case counts with sub-modules', () => {
    expect(modulePath(tree, 'p1.c')).toBe('Web / Login / SSO');
    expect(modulePath(tree, null)).toBe('');
    expect(moduleOptions(tree).map((o) => o.label)).toEqual([
      'Web',
      'Web / Login',
      'Web / Login / SSO',
      'Mobile',
    ]);
    expect(totalCases(tree[0]!)).toBe(6);
  });

  it('offers moves that keep the tree free of cycles', () => {
    expect(moveTargets(tree, 'p1.b').map((t) => t.label)).toEqual(['Top level', 'Mobile']);
    expect(moveTargets(tree, 'p1.d').map((t) => t.value)).toEqual(['p1.a', 'p1.b', 'p1.c']);
    expect(sortAfterLast(tree, TOP_LEVEL)).toBe(1);
  });
});

describe('case form', () => {
  it('ignores blank step rows when validating and saving', () => {
    const values = {
      ...emptyCaseValues('p1.m1'),
      title: ' Sign in ',
      steps: [
        { step: 'Open the page', expected: 'The form shows' },
        { step: ' ', expected: '' },
        { step: '', expected: 'Orphan result' },
      ],
    };
    // The third row has a result without a step; the blank second row keeps the numbering.
    expect(validateCase(values)).toEqual({ 'steps.2.step': 'Please enter step' });
    const fixed = { ...values, steps: values.steps.slice(0, 2) };
    expect(validateCase(fixed)).toEqual({});
    expect(caseFields(fixed, true)).toEqual({
      title: 'Sign in',
      moduleId: 'p1.m1',
      type: 1,
      priority: 3,
      tagIds: [],
      precondition: '',
      steps: [{ step: 'Open the page', expected: 'The form shows' }],
      remark: '',
      specIds: [],
    });
    expect(caseFields(fixed, false)).not.toHaveProperty('specIds');
  });

  it('names the title when it is missing, and starts an edit from the detail', () => {
    expect(validateCase(emptyCaseValues())).toEqual({ title: 'Please enter title' });
    const detail = caseDetail(4, {
      steps: [{ step: 'Go', expected: '' }],
      specs: [
        {
          id: 'pr.s1',
          productId: 'pr',
          productName: 'Shop',
          title: 'Login',
          status: 2,
          statusName: 'Reviewed',
          changed: true,
        },
      ],
    });
    expect(caseValuesOf(detail)).toMatchObject({
      title: 'Case number 4',
      steps: [{ step: 'Go' }],
      specIds: ['pr.s1'],
    });
  });
});

describe('import file checks', () => {
  it('takes .xlsx and .csv files up to 5 MB', () => {
    expect(caseFileProblem({ name: 'Cases.XLSX', size: 2048 })).toBeNull();
    expect(caseFileProblem({ name: 'cases.csv', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(caseFileProblem({ name: 'cases.xls', size: 10 })).toBe(
      'cases.xls is not a spreadsheet: choose an .xlsx or .csv file',
    );
    expect(caseFileProblem({ name: 'cases.csv', size: 0 })).toBe('cases.csv is empty');
    expect(caseFileProblem({ name: 'big.xlsx', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'big.xlsx is 5 MB: files of at most 5 MB can be imported',
    );
    expect(fileSize(6.5 * 1024 * 1024)).toBe('6.5 MB');
    expect(fileSize(300)).toBe('1 KB');
  });
});
