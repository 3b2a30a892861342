import { describe, expect, it } from 'vitest';
import { planProgress } from './PlanProgress';
import { planListParams, validatePlanSearch } from './plan-search';

describe('plan list search params', () => {
  it('keeps a known status and a page', () => {
    expect(validatePlanSearch({ status: 'expired', pageNum: '2' })).toEqual({
      status: 'expired',
      pageNum: 2,
    });
    expect(validatePlanSearch({ status: 'inProgress' })).toEqual({ status: 'inProgress' });
  });

  it('drops what it does not know', () => {
    expect(validatePlanSearch({ status: 'late', pageNum: 0 })).toEqual({});
    expect(validatePlanSearch({ status: 'constructor', pageNum: 1.5 })).toEqual({});
  });

  it('maps the filter to the displayed status the list call takes', () => {
    expect(planListParams({})).toEqual({ pageNum: 1, pageSize: 10, status: undefined });
    expect(planListParams({ status: 'notStarted' }).status).toBe(1);
    expect(planListParams({ status: 'expired', pageNum: 3 })).toEqual({
      pageNum: 3,
      pageSize: 10,
      status: 4,
    });
    expect(planListParams({ status: 'closed' }).status).toBe(5);
  });
});

describe('plan progress', () => {
  it('is the completed share in whole percent, 0 for an empty plan', () => {
    expect(planProgress({ specCount: 0, completedSpecCount: 0 })).toBe(0);
    expect(planProgress({ specCount: 3, completedSpecCount: 1 })).toBe(33);
    expect(planProgress({ specCount: 3, completedSpecCount: 3 })).toBe(100);
    // Never above 100, even if the counts disagree for a moment.
    expect(planProgress({ specCount: 2, completedSpecCount: 5 })).toBe(100);
  });
});
