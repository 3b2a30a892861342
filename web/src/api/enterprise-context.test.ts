import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { currentEnterprise, forgetEnterprise, rememberEnterprise } from './enterprise-context';
import { rewriteUrl } from './url';

afterEach(forgetEnterprise);

const CURRENT = 'http://app.test/acme/projects';

/** The app's client on the remembered enterprise, whose calls all answer 401 (so it signs in again). */
function signedOutClient() {
  const redirect = vi.fn();
  const client = createApiClient({
    fetch: async () =>
      new Response(
        JSON.stringify({ success: false, errorCode: 'UNAUTHORIZED', errorMessage: 'Sign in', showType: 9 }),
        {
          status: 401,
          headers: { 'content-type': 'application/json' },
        },
      ),
    feedback: { warning: vi.fn(), error: vi.fn(), notification: vi.fn() },
    navigate: vi.fn(),
    redirect,
    currentAddress: () => CURRENT,
    isLocalDevHost: () => false,
    enterprise: currentEnterprise,
  });
  return { client, redirect };
}

describe('the remembered hosting address', () => {
  it('is kept when it is an http(s) address', () => {
    rememberEnterprise('acme', 'https://code.example.test');
    expect(currentEnterprise()).toEqual({ identifier: 'acme', hostingAddress: 'https://code.example.test' });
  });

  it.each(['javascript:alert(7)//', ' JavaScript:alert(7)', 'data:text/html,<script>alert(7)</script>'])(
    'is refused when stored as %j: no call and no redirect goes there',
    async (stored) => {
      rememberEnterprise('acme', stored);
      const { client, redirect } = signedOutClient();
      await client.get('/api/auth/me').catch(() => undefined);
      expect(redirect).toHaveBeenCalledExactlyOnceWith(`/login?go_page=${encodeURIComponent(CURRENT)}`);
      expect(rewriteUrl('/ruby/api/setting.json', currentEnterprise())).toBe('/api/setting.json');
      expect(currentEnterprise().hostingAddress).toBeNull();
    },
  );
});
