import { describe, expect, it } from 'vitest';
import { tenantOriginOf } from './origin';

describe('tenantOriginOf: is the browser on an enterprise subdomain of the site?', () => {
  const site = 'https://pm.example.com';

  it.each([
    ['https://acme.pm.example.com', 'https://acme.pm.example.com'],
    ['https://team-7.pm.example.com', 'https://team-7.pm.example.com'],
  ])('%s is a tenant host of the site', (request, expected) => {
    expect(tenantOriginOf(request, site)).toBe(expected);
  });

  it.each([
    ['the site itself', 'https://pm.example.com'],
    ['two labels deep', 'https://a.b.pm.example.com'],
    ['another scheme', 'http://acme.pm.example.com'],
    ['another port', 'https://acme.pm.example.com:8443'],
    ['a look-alike domain', 'https://acme.evilpm.example.com'],
    ['a suffix that is not a subdomain', 'https://acmepm.example.com'],
  ])('%s is not', (_name, request) => {
    expect(tenantOriginOf(request, site)).toBeUndefined();
  });

  it('without a configured site there is no tenant host', () => {
    expect(tenantOriginOf('https://acme.pm.example.com', undefined)).toBeUndefined();
  });

  it('keeps the port of a local root domain', () => {
    expect(tenantOriginOf('http://acme.localhost:3000', 'http://localhost:3000')).toBe(
      'http://acme.localhost:3000',
    );
  });
});
