import { describe, expect, it } from 'vitest';
import { auditListParams, hasAuditFilters, validateAuditSearch } from './audit-search';

describe('validateAuditSearch', () => {
  it('keeps the allowed filters', () => {
    const search = {
      actorId: 'u1',
      area: 'issues',
      action: 'update',
      objectId: ' p1 ',
      from: '2026-03-01',
      to: '2026-03-31',
    };
    expect(validateAuditSearch(search)).toEqual({ ...search, objectId: 'p1' });
  });

  it('drops what is not allowed rather than refusing the link', () => {
    expect(
      validateAuditSearch({
        area: 'kitchen',
        action: 'peek',
        from: 'yesterday',
        to: '2026-13-45',
        actorId: '',
      }),
    ).toEqual({});
    // A range the wrong way round keeps its end.
    expect(validateAuditSearch({ from: '2026-04-01', to: '2026-03-01' })).toEqual({ to: '2026-03-01' });
  });

  it('says when a filter is set', () => {
    expect(hasAuditFilters({})).toBe(false);
    expect(hasAuditFilters({ area: 'docs' })).toBe(true);
  });
});

describe('auditListParams', () => {
  it('makes the days the instants they start and end at, in the local time zone', () => {
    const params = auditListParams({ from: '2026-03-01', to: '2026-03-02', area: 'docs' });
    expect(params.area).toBe('docs');
    expect(new Date(params.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(params.to!).getTime()).toBe(new Date(2026, 2, 3).getTime() - 1);
    expect(auditListParams({})).toEqual({});
  });
});
