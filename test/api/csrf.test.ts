import { describe, expect, it } from 'vitest';
import { TRUSTED_PARTNER_ORIGIN } from '../setup/api-stack';
import { Client, createEnterprise, expectStatus, signUp, unique } from './helpers';

const enterpriseBody = () => ({ identifier: unique('e'), name: 'CSRF test' });

describe('CSRF rules for state-changing requests', () => {
  it('refuses a request without X-Requested-With', async () => {
    const user = await signUp();
    const res = expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), {
        headers: { 'X-Requested-With': null },
      }),
      403,
    );
    expect(res.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect(res.body.errorMessage).toContain('X-Requested-With');
    expect(expectStatus(await user.client.get('/api/pms/pmsEnterprise/myList'), 200).data).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a body of type %s',
    async (contentType) => {
      const user = await signUp();
      const res = expectStatus(
        await user.client.call('POST', '/api/pms/pmsEnterprise', {
          rawBody: JSON.stringify(enterpriseBody()),
          headers: { 'Content-Type': contentType },
        }),
        403,
      );
      expect(res.body.errorMessage).toContain('application/json');
    },
  );

  it('refuses a foreign or missing Origin', async () => {
    const user = await signUp();
    const foreign = expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), {
        headers: { Origin: 'https://evil.example' },
      }),
      403,
    );
    expect(foreign.body.errorMessage).toContain('https://evil.example');
    expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), { headers: { Origin: null } }),
      403,
    );
    expectStatus(
      await user.client.post('/api/accounts/logout.json', undefined, { headers: { Origin: 'null' } }),
      403,
    );
    // Nothing was created, and the session survived the refused logout.
    expect(expectStatus(await user.client.get('/api/pms/pmsEnterprise/myList'), 200).data).toEqual([]);
  });

  it('accepts the request’s own origin behind a proxy, and the origins in ALLOWED_ORIGINS', async () => {
    const user = await signUp();
    const proxied = await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), {
      headers: {
        Origin: 'https://acme.pm.example.test',
        'X-Forwarded-Host': 'acme.pm.example.test',
        'X-Forwarded-Proto': 'https',
      },
    });
    // Over https the session cookie is __Host-sid, which this client does not hold: 401, not 403.
    expectStatus(proxied, 401);
    expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), {
        headers: { Origin: 'http://acme.pm.example.test', 'X-Forwarded-Host': 'acme.pm.example.test' },
      }),
      201,
    );
    expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', enterpriseBody(), {
        headers: { Origin: TRUSTED_PARTNER_ORIGIN },
      }),
      201,
    );
  });

  it('lets a state-changing request without a body through without a content type', async () => {
    const user = await signUp();
    const res = await user.client.post('/api/accounts/logout.json');
    expectStatus(res, 200);
  });
});

describe('GET never changes state', () => {
  it('a GET to the logout address does not end the session', async () => {
    const user = await signUp();
    expectStatus(await user.client.get('/api/accounts/logout.json'), 404);
    expectStatus(await user.client.get('/api/auth/me'), 200);
  });

  it('a GET carrying a create request creates nothing', async () => {
    const user = await signUp();
    const identifier = unique('e');
    await user.client.get(`/api/pms/pmsEnterprise?identifier=${identifier}&name=x`);
    expectStatus(await user.client.get(`/api/pms/pmsEnterprise/${identifier}`), 404);
  });

  it('a GET to a delete address reads instead of deleting', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    await owner.client.get(
      `/api/pms/pmsEnterprise/${enterprise.id}?confirmIdentifier=${enterprise.enterpriseIdentifier}`,
    );
    expectStatus(await owner.client.get(`/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}`), 200);
  });
});

describe('request hygiene', () => {
  it('answers malformed JSON with 400', async () => {
    const user = await signUp();
    const res = expectStatus(
      await user.client.call('POST', '/api/pms/pmsEnterprise', {
        rawBody: '{"identifier": ',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
    );
    expect(res.body).toMatchObject({
      success: false,
      errorCode: 'BAD_REQUEST',
      errorMessage: 'Malformed JSON body',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const user = await signUp();
    const res = expectStatus(
      await user.client.post('/api/pms/pmsEnterprise', {
        identifier: unique('e'),
        name: 'x',
        description: 'y'.repeat(1_100_000),
      }),
      413,
    );
    expect(res.body).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const res = expectStatus(await new Client().get('/api/nothing/here'), 404);
    expect(res.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND', showType: 2 });
  });

  it('never lets API answers be cached', async () => {
    const res = await new Client().get('/api/setting.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
