/**
 * Email flows through the real mail catcher (MailDev, started by test/setup/api-stack.ts): the
 * worker sends over SMTP and the tests read each message through the catcher's REST API.
 * Invitations (join with roles, refused for a member, resend, revoke), password reset (single
 * use, expiry, no enumeration, rate limit, sessions ended) and address verification.
 */
import type { Page } from '@shared/schemas/common';
import type { EmailStatus, Invitation, InvitationPreview } from '@shared/schemas/email';
import type { Enterprise, Member } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../functions/src/core/audit/log';
import {
  addMember,
  atInstant,
  Client,
  createEnterprise,
  createRole,
  expectStatus,
  freshSession,
  PASSWORD,
  signUp,
  type TestUser,
  unique,
} from './helpers';
import { invitationsPath, lastMailTo, mailsTo, tokenIn } from './mail-fixtures';

describe('invitations by email', () => {
  let owner: TestUser;
  let enterprise: Enterprise;
  let roleId: string;

  beforeAll(async () => {
    owner = await signUp({ nickname: 'Olive <b>Owner</b>' });
    enterprise = await createEnterprise(owner, 'Acme & <Sons>');
    roleId = (await createRole(owner, enterprise, ['project:issue:list'])).roleId;
  });

  it('mails a link; the invitee signs up from it and joins with the chosen roles', async () => {
    const email = `${unique('inv')}@example.test`;
    const invited = expectStatus(
      await owner.client.post<Invitation>(invitationsPath(enterprise), { email, roleIds: [roleId] }),
      201,
    ).data;
    expect(invited).toMatchObject({ email, status: 'pending', sentCount: 1 });
    expect(invited.roles.map((r) => r.roleId)).toEqual([roleId]);

    const mail = await lastMailTo(email);
    expect(mail.subject).toContain('Acme & <Sons>');
    // Names people wrote are escaped in the HTML.
    expect(mail.html).toContain('Acme &amp; &lt;Sons&gt;');
    expect(mail.html).not.toContain('<b>Owner</b>');
    const token = tokenIn(mail, '/invite');

    const anonymous = new Client();
    const preview = expectStatus(
      await anonymous.post<InvitationPreview>('/api/pms/pmsEnterprise/invitations/lookup', { token }),
      200,
    ).data;
    expect(preview).toMatchObject({ email, enterpriseName: 'Acme & <Sons>', accountExists: false });

    const login = unique('joiner');
    expectStatus(
      await anonymous.post('/api/auth/signup', { login, email, nickname: 'Joiner', password: PASSWORD }),
      201,
    );
    const joined = expectStatus(
      await anonymous.post('/api/pms/pmsEnterprise/invitations/accept', { token }),
      200,
    );
    expect(joined.data.enterpriseIdentifier).toBe(enterprise.enterpriseIdentifier);

    const members = expectStatus(
      await owner.client.get<Page<Member>>(
        `/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}/userList?keyword=${login}`,
      ),
      200,
    ).data;
    expect(members.rows.map((m) => m.roles.map((r) => r.roleId))).toEqual([[roleId]]);

    // The link worked once, and the invitation left the pending list.
    const again = await anonymous.post('/api/pms/pmsEnterprise/invitations/lookup', { token });
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe('token: This link has already been used; ask for a new one');
    const open = expectStatus(await owner.client.get<Invitation[]>(invitationsPath(enterprise)), 200).data;
    expect(open.map((i) => i.email)).not.toContain(email);
    // The join is in the enterprise's audit log, under the call that made it.
    const requestId = joined.headers.get('x-request-id');
    const { entries } = await listAuditEntries(enterprise.id, {}, { limit: 1000, maxMonths: 1 });
    expect(entries.find((e) => e.requestId === requestId)?.route).toBe(
      'POST /api/pms/pmsEnterprise/invitations/accept',
    );
  });

  it('refuses an address that is already a member, with a clear 409', async () => {
    const member = await signUp();
    await addMember(owner, enterprise, member);
    const res = await owner.client.post(invitationsPath(enterprise), { email: member.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(`${member.email} is already a member of Acme & <Sons>`);
  });

  it('refuses a second invitation for a pending address, and a bad address names the field', async () => {
    const email = `${unique('twice')}@example.test`;
    expectStatus(await owner.client.post(invitationsPath(enterprise), { email }), 201);
    const twice = await owner.client.post(invitationsPath(enterprise), { email });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toContain('has already been invited');
    const bad = await owner.client.post(invitationsPath(enterprise), { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('email');
  });

  it('resend retires the earlier link; revoke makes the link say it was withdrawn', async () => {
    const email = `${unique('resend')}@example.test`;
    const invited = expectStatus(
      await owner.client.post<Invitation>(invitationsPath(enterprise), { email }),
      201,
    ).data;
    const first = tokenIn(await lastMailTo(email), '/invite');
    const resent = expectStatus(
      await owner.client.post<Invitation>(`${invitationsPath(enterprise)}/${invited.id}/resend`),
      200,
    ).data;
    expect(resent.sentCount).toBe(2);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1]!, '/invite');
    const lookup = (token: string) =>
      new Client().post('/api/pms/pmsEnterprise/invitations/lookup', { token });
    expect((await lookup(first)).body.errorMessage).toBe('token: This link is not valid; ask for a new one');
    expectStatus(await lookup(second), 200);

    expectStatus(await owner.client.delete(`${invitationsPath(enterprise)}/${invited.id}`), 200);
    const withdrawn = await lookup(second);
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.body.errorMessage).toBe('token: This invitation was withdrawn');
  });

  it('an expired invitation link says so, and an existing account joins by signing in', async () => {
    const someone = await signUp();
    expectStatus(await owner.client.post(invitationsPath(enterprise), { email: someone.email }), 201);
    const token = tokenIn(await lastMailTo(someone.email), '/invite');
    const preview = expectStatus(
      await someone.client.post<InvitationPreview>('/api/pms/pmsEnterprise/invitations/lookup', { token }),
      200,
    ).data;
    expect(preview.accountExists).toBe(true);
    const late = await atInstant(new Date(Date.now() + 8 * 24 * 3600_000).toISOString(), () =>
      new Client().post('/api/pms/pmsEnterprise/invitations/lookup', { token }),
    );
    expect(late.body.errorMessage).toBe('token: This link has expired; ask for a new one');
    expectStatus(await someone.client.post('/api/pms/pmsEnterprise/invitations/accept', { token }), 200);
  });
});

describe('password reset by email', () => {
  const forgot = (email: string) => new Client().post('/api/auth/password/forgot', { email });

  it('mails a single-use link; the new password works, the old does not, sessions end', async () => {
    const user = await signUp();
    const otherSession = await freshSession(user);
    const asked = expectStatus(await forgot(user.email.toUpperCase()), 200);
    const token = tokenIn(await lastMailTo(user.email), '/reset-password');

    const newPassword = `${unique('pw')}-new`;
    expectStatus(await new Client().post('/api/auth/password/reset', { token, password: newPassword }), 200);
    expect((await otherSession.get('/api/auth/me')).status).toBe(401);
    expect((await user.client.get('/api/auth/me')).status).toBe(401);
    const signIn = (password: string) =>
      new Client().post('/api/auth/signin', { login: user.login, password });
    expect((await signIn(PASSWORD)).status).toBe(400);
    expectStatus(await signIn(newPassword), 200);

    const reused = await new Client().post('/api/auth/password/reset', {
      token,
      password: 'another-password',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errorMessage).toBe('token: This link has already been used; ask for a new one');
    // The reset proved the address.
    const status = expectStatus(await (await freshSession(user)).get<EmailStatus>('/api/auth/email'), 200);
    expect(status.data.verified).toBe(true);
    expect(asked.data.message).toContain('If an account uses this address');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const user = await signUp();
    const known = expectStatus(await forgot(user.email), 200);
    const nobody = `${unique('nobody')}@example.test`;
    const unknown = expectStatus(await forgot(nobody), 200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('refuses an expired link and a made-up one, naming the token', async () => {
    const user = await signUp();
    await forgot(user.email);
    const token = tokenIn(await lastMailTo(user.email), '/reset-password');
    const late = await atInstant(new Date(Date.now() + 61 * 60_000).toISOString(), () =>
      new Client().post('/api/auth/password/reset', { token, password: 'too-late-password' }),
    );
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toBe('token: This link has expired; ask for a new one');
    const madeUp = await new Client().post('/api/auth/password/reset', {
      token: 'x'.repeat(43),
      password: 'made-up-password',
    });
    expect(madeUp.body.errorMessage).toBe('token: This link is not valid; ask for a new one');
  });

  it('is rate limited per address asked for', async () => {
    const email = `${unique('flood')}@example.test`;
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await forgot(email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; following it marks the address verified, once', async () => {
    const user = await signUp();
    const before = expectStatus(await user.client.get<EmailStatus>('/api/auth/email'), 200).data;
    expect(before).toEqual({ email: user.email, verified: false, verifiedAt: null });
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toContain('Confirm your email address');
    const token = tokenIn(mail, '/verify-email');
    const verified = expectStatus(
      await new Client().post<EmailStatus>('/api/auth/email/verify', { token }),
      200,
    ).data;
    expect(verified.verified).toBe(true);
    expect((await user.client.get<EmailStatus>('/api/auth/email')).data.verified).toBe(true);
    const again = await new Client().post('/api/auth/email/verify', { token });
    expect(again.body.errorMessage).toBe('token: This link has already been used; ask for a new one');
    expect((await user.client.post('/api/auth/email/verification', {})).status).toBe(409);
  });

  it('resends the link on request', async () => {
    const user = await signUp();
    expectStatus(await user.client.post('/api/auth/email/verification', {}), 200);
    expect(await mailsTo(user.email)).toHaveLength(2);
  });
});
