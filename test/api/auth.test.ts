import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { config } from '../../functions/src/core/config';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { getSession } from '../../functions/src/core/identity/store/sessions';
import { findUserByLogin } from '../../functions/src/core/identity/store/users';
import { verifyPassword } from '../../functions/src/core/security/passwords';
import { hashToken } from '../../functions/src/core/security/tokens';
import { Client, expectStatus, freshSession, PASSWORD, type Res, signUp, unique } from './helpers';

const MINUTE = 60_000;
const realNow = clock.now;

/** Moves the server's clock forward (cumulative) for the rest of the test. */
function advance(ms: number): void {
  const previous = clock.now;
  clock.now = () => previous() + ms;
}

afterEach(() => {
  clock.now = realNow;
});

describe('sign-up', () => {
  it('creates the account, signs it in and answers the current user', async () => {
    const client = new Client();
    const login = unique('u');
    const res = expectStatus(
      await client.post('/api/auth/signup', {
        login: login.toUpperCase(),
        email: `${login}@Example.TEST`,
        nickname: 'Ann',
        password: PASSWORD,
      }),
      201,
    );
    expect(res.body.success).toBe(true);
    expect(res.data).toMatchObject({
      user: { login, email: `${login}@example.test`, nickname: 'Ann' },
      permissions: [],
      roles: [],
      userIdentity: 'user',
      gitlinkUrl: 'http://localhost',
    });
    expect(res.data.user.gitlinkUserId).toBe(res.data.userId);
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect(expectStatus(await client.get('/api/auth/me'), 200).data.userId).toBe(res.data.userId);
  });

  it('stores a salted scrypt hash, never the password', async () => {
    const user = await signUp();
    const record = await findUserByLogin(user.login);
    expect(record?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(record?.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, record!.passwordHash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, record!.passwordHash)).toBe(false);
    const other = await findUserByLogin((await signUp()).login);
    expect(other?.passwordHash).not.toBe(record?.passwordHash);
  });

  it.each([
    [{ login: 'ab', email: 'x@example.test', nickname: 'n', password: PASSWORD }, /^login: /],
    [{ login: unique('u'), email: 'not-an-email', nickname: 'n', password: PASSWORD }, /^email: /],
    [
      { login: unique('u'), email: 'x@example.test', nickname: '', password: PASSWORD },
      /^nickname: Please enter nickname/,
    ],
    [{ login: unique('u'), email: 'x@example.test', nickname: 'n', password: 'short' }, /^password: /],
    [{ email: 'x@example.test', nickname: 'n', password: PASSWORD }, /^login: Please enter login/],
  ])('refuses bad input with 400 naming the field (%#)', async (body, message) => {
    const res = expectStatus(await new Client().post('/api/auth/signup', body), 400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'BAD_REQUEST', showType: 2 });
    expect(res.body.errorMessage).toMatch(message);
  });

  it('refuses a taken login or email with 409', async () => {
    const user = await signUp();
    const again = {
      login: user.login,
      email: `${unique('x')}@example.test`,
      nickname: 'n',
      password: PASSWORD,
    };
    const loginTaken = expectStatus(await new Client().post('/api/auth/signup', again), 409);
    expect(loginTaken.body.errorMessage).toBe(`login: ${user.login} is taken`);
    const emailTaken = expectStatus(
      await new Client().post('/api/auth/signup', {
        ...again,
        login: unique('u'),
        email: user.email.toUpperCase(),
      }),
      409,
    );
    expect(emailTaken.body.errorMessage).toContain('email: ');
  });
});

describe('sign-in', () => {
  it('signs in by login or by email, each time with a new session token', async () => {
    const user = await signUp();
    const client = new Client();
    const byLogin = expectStatus(
      await client.post('/api/auth/signin', { login: user.login, password: PASSWORD }),
      200,
    );
    expect(byLogin.data.userId).toBe(user.userId);
    const first = client.jar.get('sid');
    const byEmail = expectStatus(
      await client.post('/api/auth/signin', { login: user.email, password: PASSWORD }),
      200,
    );
    expect(byEmail.data.userId).toBe(user.userId);
    const second = client.jar.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The session presented at sign-in is ended: a planted token is worthless afterwards.
    const stale = new Client();
    stale.jar.set('sid', first!);
    expectStatus(await stale.get('/api/auth/me'), 401);
    expectStatus(await client.get('/api/auth/me'), 200);
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await signUp();
    const token = user.client.jar.get('sid')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await getSession(hashToken(token));
    expect(session?.userId).toBe(user.userId);
    expect(await getSession(token)).toBeNull();
  });

  it('gives one answer for an unknown login and a wrong password', async () => {
    const user = await signUp();
    const wrong = expectStatus(
      await new Client().post('/api/auth/signin', { login: user.login, password: 'nope-nope' }),
      400,
    );
    const unknown = expectStatus(
      await new Client().post('/api/auth/signin', { login: unique('ghost'), password: 'nope' }),
      400,
    );
    expect(wrong.body.errorMessage).toBe(unknown.body.errorMessage);
    expect(wrong.body.errorMessage).toBe('login: The login or password is incorrect');
    expect(wrong.setCookies).toEqual([]);
  });

  it('refuses sign-in input without a login with 400 naming the field', async () => {
    const res = expectStatus(await new Client().post('/api/auth/signin', { password: PASSWORD }), 400);
    expect(res.body.errorMessage).toMatch(/^login: /);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 after 5 failures in the window, even with the right password, until it passes', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i += 1) {
      expectStatus(
        await new Client().post('/api/auth/signin', { login: user.login, password: `wrong-${i}` }),
        400,
      );
    }
    const blocked = expectStatus(
      await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }),
      429,
    );
    expect(blocked.body.errorMessage).toMatch(/try again in 15 minutes/);
    expect(blocked.body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The email address is the same account: it shares the budget.
    expectStatus(await new Client().post('/api/auth/signin', { login: user.email, password: PASSWORD }), 429);

    advance(10 * MINUTE);
    const later = expectStatus(
      await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }),
      429,
    );
    expect(later.body.errorMessage).toMatch(/try again in 5 minutes/);

    advance(6 * MINUTE);
    expectStatus(await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }), 200);
  });

  it('throttles unknown logins the same way, so the answer reveals nothing', async () => {
    const ghost = unique('ghost');
    for (let i = 0; i < 5; i += 1) {
      expectStatus(await new Client().post('/api/auth/signin', { login: ghost, password: 'whatever' }), 400);
    }
    expectStatus(await new Client().post('/api/auth/signin', { login: ghost, password: 'whatever' }), 429);
  });

  it('forgets failures after a successful sign-in', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i += 1) {
      expectStatus(
        await new Client().post('/api/auth/signin', { login: user.login, password: 'wrong' }),
        400,
      );
    }
    expectStatus(await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }), 200);
    for (let i = 0; i < 4; i += 1) {
      expectStatus(
        await new Client().post('/api/auth/signin', { login: user.login, password: 'wrong' }),
        400,
      );
    }
    expectStatus(await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }), 200);
  });
});

/**
 * Sends 39 wrong passwords at once, then the right one as soon as one of them is refused (or all
 * are answered): by then the budget is used up, so the right one must be refused too. Sending it
 * after the first refusal (not in the same instant) keeps the outcome independent of which
 * request reaches the counter first.
 */
async function guessInParallel(send: (password: string) => Promise<Res>) {
  const wrong = Array.from({ length: 39 }, (_, i) => send(`wrong-guess-${i}`));
  await new Promise<void>((resolve) => {
    for (const answer of wrong) void answer.then((res) => res.status === 429 && resolve());
    void Promise.all(wrong).then(() => resolve());
  });
  const right = await send(PASSWORD);
  const statuses = (await Promise.all(wrong)).map((res) => res.status);
  return {
    checked: statuses.filter((status) => status === 400).length,
    refused: statuses.filter((status) => status === 429).length,
    right,
  };
}

describe('sign-in throttling of parallel guesses', () => {
  it('counts each guess before checking it: of 39 at once only the limit are checked', async () => {
    const user = await signUp();
    const { checked, refused, right } = await guessInParallel((password) =>
      new Client().post('/api/auth/signin', { login: user.login, password }),
    );
    expect({ checked, refused }).toEqual({
      checked: config.signInMaxFailures,
      refused: 39 - config.signInMaxFailures,
    });
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);
  });

  it('counts password-change guesses the same way', async () => {
    const user = await signUp();
    const { checked, refused, right } = await guessInParallel((oldPassword) =>
      user.client.put('/api/auth/password', { oldPassword, newPassword: 'another-long-password' }),
    );
    expect({ checked, refused }).toEqual({
      checked: config.signInMaxFailures,
      refused: 39 - config.signInMaxFailures,
    });
    expect(right.status).toBe(429);
    const record = await findUserByLogin(user.login);
    expect(await verifyPassword(PASSWORD, record!.passwordHash)).toBe(true);
  });

  it('limits the guesses of one source address over many logins', async () => {
    // A documentation address no other test signs in from (another sign-in from it would be refused).
    const address = `192.0.2.${Math.floor(Math.random() * 200) + 50}`;
    // The address as the front door (CloudFront) passes it on: True-Client-IP with its secret.
    const from = (clientIp: string, body: unknown) =>
      new Client().post('/api/auth/signin', body, {
        headers: { [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET ?? '', 'True-Client-IP': clientIp },
      });
    const limit = config.signInMaxFailuresPerAddress;
    const statuses = (
      await Promise.all(
        Array.from({ length: limit + 10 }, () =>
          from(address, { login: unique('ghost'), password: 'whatever' }),
        ),
      )
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // The address is refused even with a right password; the same login from elsewhere is not.
    const user = await signUp();
    expectStatus(await from(address, { login: user.login, password: PASSWORD }), 429);
    expectStatus(await from('192.0.2.44', { login: user.login, password: PASSWORD }), 200);
    // The limit's worth of real password checks: slow on a busy machine.
  }, 90_000);
});

describe('sessions', () => {
  it('end after the idle time-out (120 minutes without a request)', async () => {
    const user = await signUp();
    advance(119 * MINUTE);
    expectStatus(await user.client.get('/api/auth/me'), 200);
    advance(119 * MINUTE);
    expectStatus(await user.client.get('/api/auth/me'), 200);
    advance(121 * MINUTE);
    const expired = expectStatus(await user.client.get('/api/auth/me'), 401);
    expect(expired.body).toMatchObject({ errorCode: 'UNAUTHORIZED', showType: 9 });
    // The dead cookie is cleared.
    expect(expired.setCookies.some((c) => c.startsWith('sid=;'))).toBe(true);
  });

  it('end after the absolute lifetime (14 days) however busy', async () => {
    const user = await signUp();
    const lifetime = 14 * 24 * 60 * MINUTE;
    let elapsed = 0;
    while (elapsed + 110 * MINUTE < lifetime) {
      advance(110 * MINUTE);
      elapsed += 110 * MINUTE;
      expectStatus(await user.client.get('/api/auth/me'), 200);
    }
    advance(lifetime - elapsed + MINUTE);
    expectStatus(await user.client.get('/api/auth/me'), 401);
  });

  it('record activity (last seen) at most once every 5 minutes, not at every request', async () => {
    const user = await signUp();
    const hash = hashToken(user.client.jar.get('sid')!);
    const created = (await getSession(hash))!.lastSeenAt;
    for (let i = 0; i < 4; i += 1) {
      advance(MINUTE);
      expectStatus(await user.client.get('/api/auth/me'), 200);
    }
    expect((await getSession(hash))!.lastSeenAt).toBe(created);
    advance(MINUTE + 1000);
    expectStatus(await user.client.get('/api/auth/me'), 200);
    const seen = (await getSession(hash))!.lastSeenAt;
    expect(seen).toBeGreaterThan(created);
    const [listed] = expectStatus(await user.client.get('/api/auth/sessions'), 200).data;
    expect(listed.lastSeenAt).toBe(new Date(seen).toISOString());
  });

  it('end at logout, which also clears the cookie', async () => {
    const user = await signUp();
    const token = user.client.jar.get('sid')!;
    const res = expectStatus(await user.client.post('/api/accounts/logout.json'), 200);
    expect(res.body).toEqual({ success: true, data: null });
    expect(res.setCookies.some((c) => c.startsWith('sid=;') && /Max-Age=0/.test(c))).toBe(true);
    const replay = new Client();
    replay.jar.set('sid', token);
    expectStatus(await replay.get('/api/auth/me'), 401);
    // Logging out without a session is harmless.
    expectStatus(await new Client().post('/api/accounts/logout.json'), 200);
  });
});

describe('the session list', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

  /** Signs `user` in again from another browser, as the front door passes on its address. */
  async function signInElsewhere(
    user: { login: string },
    userAgent: string,
    address: string,
  ): Promise<Client> {
    const client = new Client();
    const headers = {
      'User-Agent': userAgent,
      [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET ?? '',
      'True-Client-IP': address,
    };
    expectStatus(
      await client.post('/api/auth/signin', { login: user.login, password: PASSWORD }, { headers }),
      200,
    );
    return client;
  }

  const sessionsOf = async (client: Client) => expectStatus(await client.get('/api/auth/sessions'), 200).data;

  it("lists my live sessions (device, address, created, last seen), this one first, and nobody else's", async () => {
    const user = await signUp();
    const firefox = await signInElsewhere(user, FIREFOX, '198.51.100.23');
    advance(MINUTE);
    const bare = await freshSession(user);
    await signUp(); // someone else's sessions stay out
    const sessions = await sessionsOf(bare);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: 'Unknown device',
      userAgent: '',
      sourceAddress: '',
    });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const fromFirefox = sessions.find((s: { device: string }) => s.device === 'Firefox on Linux');
    expect(fromFirefox).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      device: 'Firefox on Linux',
      userAgent: FIREFOX,
      sourceAddress: '198.51.100.23',
      createdAt: expect.any(String),
      lastSeenAt: fromFirefox.createdAt,
      current: false,
    });
    // The id is not the token, nor the stored hash of it.
    const token = firefox.jar.get('sid')!;
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(JSON.stringify(sessions)).not.toContain(hashToken(token));
    expectStatus(await new Client().get('/api/auth/sessions'), 401);
  });

  it('signs out one other session at once; this one, an unknown or another user’s session is refused', async () => {
    const user = await signUp();
    const other = await signInElsewhere(user, FIREFOX, '198.51.100.24');
    const third = await freshSession(user);
    expectStatus(await other.get('/api/auth/me'), 200); // its copy is now kept in this process
    const sessions = await sessionsOf(user.client);
    const otherId = (await sessionsOf(other)).find((s: { current: boolean }) => s.current).id;
    const thisId = sessions.find((s: { current: boolean }) => s.current).id;

    expectStatus(await user.client.delete(`/api/auth/sessions/${otherId}`), 200);
    expectStatus(await other.get('/api/auth/me'), 401);
    expectStatus(await third.get('/api/auth/me'), 200);
    expect((await sessionsOf(user.client)).map((s: { id: string }) => s.id)).not.toContain(otherId);

    const self = expectStatus(await user.client.delete(`/api/auth/sessions/${thisId}`), 400);
    expect(self.body.errorMessage).toBe('sessionId: This is the session you are using; sign out instead');
    expectStatus(await user.client.delete(`/api/auth/sessions/${otherId}`), 404);
    const stranger = await signUp();
    const strangerId = (await sessionsOf(stranger.client))[0].id;
    expectStatus(await user.client.delete(`/api/auth/sessions/${strangerId}`), 404);
    expectStatus(await stranger.client.get('/api/auth/me'), 200);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const user = await signUp();
    const others = [await signInElsewhere(user, FIREFOX, '198.51.100.25'), await freshSession(user)];
    for (const other of others) expectStatus(await other.get('/api/auth/me'), 200);
    const res = expectStatus(await user.client.delete('/api/auth/sessions/others'), 200);
    expect(res.data).toEqual({ ended: 2 });
    for (const other of others) expectStatus(await other.get('/api/auth/me'), 401);
    expect(await sessionsOf(user.client)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('cookies', () => {
  it('are httpOnly, SameSite=Lax, Path=/ and named sid over http', async () => {
    const user = await signUp();
    const res = await user.client.post('/api/auth/signin', { login: user.login, password: PASSWORD });
    const cookie = res.setCookies.find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('are __Host-sid with Secure over https (X-Forwarded-Proto)', async () => {
    const user = await signUp({ https: true });
    expect(user.client.jar.has('__Host-sid')).toBe(true);
    const res = await user.client.post('/api/auth/signin', { login: user.login, password: PASSWORD });
    const cookie = res.setCookies.find((c) => c.startsWith('__Host-sid='))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    expectStatus(await user.client.get('/api/auth/me'), 200);
    // Over https a plain `sid` cookie (which a sibling subdomain could plant) is ignored.
    const planted = new Client({ https: true });
    planted.jar.set('sid', user.client.jar.get('__Host-sid')!);
    expectStatus(await planted.get('/api/auth/me'), 401);
  });
});

describe('password change', () => {
  it("checks the old password, ends the user's other sessions and keeps this one", async () => {
    const user = await signUp();
    const other = new Client();
    expectStatus(await other.post('/api/auth/signin', { login: user.login, password: PASSWORD }), 200);
    const newPassword = 'another-long-password';
    const res = expectStatus(
      await user.client.put('/api/auth/password', { oldPassword: PASSWORD, newPassword }),
      200,
    );
    expect(res.body).toEqual({ success: true, data: null });
    expectStatus(await user.client.get('/api/auth/me'), 200);
    expectStatus(await other.get('/api/auth/me'), 401);
    expectStatus(await new Client().post('/api/auth/signin', { login: user.login, password: PASSWORD }), 400);
    expectStatus(
      await new Client().post('/api/auth/signin', { login: user.login, password: newPassword }),
      200,
    );
  });

  it('refuses a wrong old password or a short new one with 400 naming the field', async () => {
    const user = await signUp();
    const wrong = expectStatus(
      await user.client.put('/api/auth/password', { oldPassword: 'not-it', newPassword: 'long-enough-1' }),
      400,
    );
    expect(wrong.body.errorMessage).toMatch(/^oldPassword: /);
    const short = expectStatus(
      await user.client.put('/api/auth/password', { oldPassword: PASSWORD, newPassword: 'x' }),
      400,
    );
    expect(short.body.errorMessage).toMatch(/^newPassword: /);
  });

  it('needs a session', async () => {
    expectStatus(
      await new Client().put('/api/auth/password', { oldPassword: 'a', newPassword: 'long-enough-1' }),
      401,
    );
  });
});

describe('current user, login address and settings', () => {
  it('me needs a session', async () => {
    const res = expectStatus(await new Client().get('/api/auth/me'), 401);
    expect(res.body).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
  });

  it('loginUrl is the absolute sign-in address of the origin the browser used', async () => {
    expect(expectStatus(await new Client().get('/api/pms/open/loginUrl'), 200).data).toBe(
      'http://localhost/login',
    );
    const proxied = await new Client().get('/api/pms/open/loginUrl', {
      headers: { 'X-Forwarded-Host': 'acme.pm.example.test', 'X-Forwarded-Proto': 'https' },
    });
    expect(proxied.data).toBe('https://acme.pm.example.test/login');
  });

  it('setting.json answers the settings in the body', async () => {
    const res = expectStatus(await new Client().get('/api/setting.json'), 200);
    expect(res.body).toEqual({
      setting: { name: expect.any(String), signUpOpen: true, version: expect.any(String) },
    });
  });
});
