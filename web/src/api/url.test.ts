import { describe, expect, it } from 'vitest';
import { rewriteUrl, withQuery } from './url';

const acme = { identifier: 'acme', hostingAddress: 'https://code.example.com/' };

describe('request url rules (spec section 7)', () => {
  it('leaves urls containing "repositories" unchanged, even under pms/ or /ruby/api', () => {
    expect(rewriteUrl('/api/pms/repositories/list', acme)).toBe('/api/pms/repositories/list');
    expect(rewriteUrl('/ruby/api/repositories/1.json', acme)).toBe('/ruby/api/repositories/1.json');
  });

  it('rewrites /ruby/api to /api on the hosting address', () => {
    expect(rewriteUrl('/ruby/api/setting.json', acme)).toBe('https://code.example.com/api/setting.json');
    expect(rewriteUrl('/ruby/api/actions/nodes.json?x=1', acme)).toBe(
      'https://code.example.com/api/actions/nodes.json?x=1',
    );
  });

  it('sends /ruby/api calls to the same origin while the hosting address is unknown', () => {
    expect(rewriteUrl('/ruby/api/setting.json', {})).toBe('/api/setting.json');
  });

  it('inserts the enterprise identifier after pms/', () => {
    expect(rewriteUrl('/api/pms/pmsProject/list', acme)).toBe('/api/pms/acme/pmsProject/list');
    expect(rewriteUrl('/api/pms/pmsProjectIssues/12', acme)).toBe('/api/pms/acme/pmsProjectIssues/12');
  });

  it('does not insert the identifier into pmsEnterprise, productLibrary or open calls', () => {
    expect(rewriteUrl('/api/pms/pmsEnterprise/myList', acme)).toBe('/api/pms/pmsEnterprise/myList');
    expect(rewriteUrl('/api/pms/productLibrary/list', acme)).toBe('/api/pms/productLibrary/list');
    expect(rewriteUrl('/api/pms/open/loginUrl', acme)).toBe('/api/pms/open/loginUrl');
  });

  it('matches "open" as a path segment, so calls merely containing it stay tenant-scoped', () => {
    expect(rewriteUrl('/api/pms/pmsProjectSprint/reopen', acme)).toBe(
      '/api/pms/acme/pmsProjectSprint/reopen',
    );
  });

  it('leaves other urls alone, and pms/ urls while no enterprise is selected', () => {
    expect(rewriteUrl('/api/system/user/1/getInfo', acme)).toBe('/api/system/user/1/getInfo');
    expect(rewriteUrl('/api/auth/me', acme)).toBe('/api/auth/me');
    expect(rewriteUrl('/api/pms/pmsProject/list', {})).toBe('/api/pms/pmsProject/list');
  });

  it('appends query parameters, skipping empty ones', () => {
    expect(withQuery('/a', { pageNum: 1, keyword: '', roleId: null, x: undefined })).toBe('/a?pageNum=1');
    expect(withQuery('/a?b=1', { c: 'd e' })).toBe('/a?b=1&c=d+e');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
