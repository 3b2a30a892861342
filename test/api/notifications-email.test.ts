/**
 * Notification email through the real mail catcher (docs/email.md "Notification email"): a mail
 * when a notification opens (immediately), none for events folded into an unread one (a flood
 * mails once), the daily digest of a day's unread notifications, none when email is off, and the
 * unsubscribe link that turns email off without signing in.
 */
import type { IssueDetail } from '@shared/schemas/issues';
import type { Preferences, Unsubscribe } from '@shared/schemas/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { runDigests } from '../../functions/src/modules/notifications/digest';
import { atInstant, Client, expectStatus, type TestUser, unique } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { type CaughtMail, mailsTo, tokenIn } from './mail-fixtures';

let team: Team;
let ana: TestUser;
let bo: TestUser;
let owner: TestUser;

const pms = (rest: string) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
const UNSUBSCRIBE = '/api/notifications/unsubscribe';

/** The catcher's view of a mail, with the headers it keeps (lower-case names). */
type MailWithHeaders = CaughtMail & { headers: Record<string, string> };

async function notificationMails(who: TestUser): Promise<MailWithHeaders[]> {
  const mails = (await mailsTo(who.email)) as MailWithHeaders[];
  return mails.filter((mail) => mail.text.includes('/unsubscribe?token='));
}

async function newItem(actor: TestUser, body: Record<string, unknown> = {}): Promise<IssueDetail> {
  const res = await actor.client.post<IssueDetail>(`${team.base}/add`, {
    pmsProjectId: team.project.id,
    pmIssueType: 3,
    title: unique('Mailed item '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

async function comment(actor: TestUser, item: { id: string }, notes: string): Promise<void> {
  expectStatus(await actor.client.post(`${team.base}/journals/${item.id}`, { notes }), 201);
}

async function setEmail(who: TestUser, email: Preferences['email']): Promise<void> {
  expectStatus(await who.client.put(pms('notifications/preferences'), { email }), 200);
}

async function markRead(who: TestUser, item: { id: string }): Promise<void> {
  await drainJobs();
  expectStatus(await who.client.put(pms(`notifications/issue.${item.id}/read`)), 200);
}

const itemPath = (item: IssueDetail) =>
  `/${team.enterprise.enterpriseIdentifier}/projects/${team.project.id}/bug/${item.id}`;

beforeAll(async () => {
  team = await createTeam(0, ['Ana', 'Bo', 'Cy']);
  [ana, bo] = team.members as [TestUser, TestUser];
  owner = team.owner;
});

describe('email immediately (the default)', () => {
  it('mails the notification with the item link, an unsubscribe link and List-Unsubscribe', async () => {
    const before = (await notificationMails(ana)).length;
    const item = await newItem(owner, { assigneeId: ana.userId });
    const mails = await notificationMails(ana);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain(`assigned you #${item.issueNumber} ${item.title}`);
    expect(mail.subject).toContain(team.enterprise.name);
    expect(mail.text).toContain(`${itemPath(item)}\n`);
    const token = tokenIn(mail, '/unsubscribe');
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<http.*/unsubscribe\\?token=${token}>$`));
    expect(mail.html).toContain('Stop these mails');
    // The actor is not told of their own action, by mail either.
    expect(await notificationMails(owner)).toHaveLength(0);
  });

  it('mails a flood of 50 comments on one item once, and again only after it was read', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    const before = (await notificationMails(ana)).length;
    const ownerBefore = (await notificationMails(owner)).length;
    for (let i = 1; i <= 50; i++) await comment(bo, item, `Comment ${i}`);
    await drainJobs();
    // The assignment already opened Ana's notification: the comments fold into it, no mail.
    expect(await notificationMails(ana)).toHaveLength(before);
    // The creator (a watcher) had none: the first comment opens one, one mail for all fifty.
    const ownerMails = await notificationMails(owner);
    expect(ownerMails).toHaveLength(ownerBefore + 1);
    expect(ownerMails.at(-1)!.subject).toContain(`commented on #${item.issueNumber}`);

    await markRead(ana, item);
    await comment(bo, item, 'One more after you read it');
    const after = await notificationMails(ana);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.text).toContain('One more after you read it');
  });
});

describe('the unsubscribe link', () => {
  it('shows whose email it stops, turns it off without signing in, and no more mail comes', async () => {
    const item = await newItem(owner, { assigneeId: bo.userId });
    const token = tokenIn((await notificationMails(bo)).at(-1)!, '/unsubscribe');
    const anonymous = new Client();

    const lookup = expectStatus(await anonymous.get<Unsubscribe>(`${UNSUBSCRIBE}?token=${token}`), 200).data;
    expect(lookup).toEqual({
      email: bo.email,
      enterpriseName: team.enterprise.name,
      emailMode: 'immediately',
    });
    const done = expectStatus(await anonymous.post<Unsubscribe>(UNSUBSCRIBE, { token }), 200).data;
    expect(done).toEqual({ ...lookup, emailMode: 'off' });
    // Following it again answers the same: the link is not used up.
    expectStatus(await anonymous.post<Unsubscribe>(UNSUBSCRIBE, { token }), 200);

    const prefs = expectStatus(await bo.client.get<Preferences>(pms('notifications/preferences')), 200).data;
    expect(prefs.email).toBe('off');
    expect(prefs.inApp.assigned).toBe(true);

    const before = (await notificationMails(bo)).length;
    await markRead(bo, item);
    await comment(owner, item, 'Would have opened a new mail');
    await newItem(owner, { assigneeId: bo.userId });
    expect(await notificationMails(bo)).toHaveLength(before);
    // The inbox still hears of it.
    const unread = expectStatus(
      await bo.client.get<{ count: number }>(pms('notifications/unreadCount')),
      200,
    );
    expect(unread.data.count).toBeGreaterThanOrEqual(2);
  });

  it('refuses a link that is not one, naming the token', async () => {
    const anonymous = new Client();
    const bad = await anonymous.post(UNSUBSCRIBE, { token: 'x'.repeat(43) });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('token: This link is not valid; ask for a new one');
    const missing = await anonymous.get(UNSUBSCRIBE);
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toContain('token');
  });
});

describe('email off', () => {
  it('sends nothing, while the inbox still fills', async () => {
    const [, , cy] = team.members as [TestUser, TestUser, TestUser];
    await setEmail(cy, 'off');
    const item = await newItem(owner, { assigneeId: cy.userId });
    await comment(owner, item, `@${cy.login} see this`);
    expect(await notificationMails(cy)).toHaveLength(0);
    const unread = expectStatus(
      await cy.client.get<{ count: number }>(pms('notifications/unreadCount')),
      200,
    );
    expect(unread.data.count).toBe(1);
  });
});

describe('the daily digest', () => {
  // A day of its own, so that no other test's notifications fall on it.
  const DAY = '2026-02-03';
  const at = (time: string) => `${DAY}T${time}:00.000Z`;

  it("mails the day's unread notifications once, the next day; read ones and the next day's are left out", async () => {
    const dana = (await createTeam(0, ['Dana'])) as Team;
    // Dana in a team of her own: only the events below reach her.
    const [digester] = dana.members as [TestUser];
    const boss = dana.owner;
    const prefix = `/api/pms/${dana.enterprise.enterpriseIdentifier}/notifications`;
    expectStatus(await digester.client.put(`${prefix}/preferences`, { email: 'daily' }), 200);
    const add = async (title: string) =>
      expectStatus(
        await boss.client.post<IssueDetail>(`${dana.base}/add`, {
          pmsProjectId: dana.project.id,
          pmIssueType: 2,
          title,
          assigneeId: digester.userId,
        }),
        201,
      ).data;

    const addAt = (time: string, title: string) =>
      atInstant(at(time), async () => {
        const item = await add(title);
        await drainJobs();
        return item;
      });
    const first = await addAt('09:00', 'Digest one');
    const second = await addAt('09:05', 'Digest two');
    const read = await addAt('09:10', 'Digest read');
    expectStatus(await digester.client.put(`${prefix}/issue.${read.id}/read`), 200);
    await atInstant(`2026-02-04T08:00:00.000Z`, async () => {
      await add('Digest of the next day');
      await drainJobs();
    });
    // Nothing is mailed as it happens.
    expect(await notificationMails(digester)).toHaveLength(0);

    expect(await runDigests(new Date('2026-02-04T01:00:00.000Z'))).toBeGreaterThanOrEqual(1);
    const mails = await notificationMails(digester);
    expect(mails).toHaveLength(1);
    const digest = mails[0]!;
    expect(digest.subject).toBe(`2 unread notifications of ${DAY} · ${dana.enterprise.name}`);
    const lines = digest.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      `- ${boss.nickname} assigned you #${second.issueNumber} Digest two`,
      `- ${boss.nickname} assigned you #${first.issueNumber} Digest one`,
    ]);
    expect(digest.text).toContain(
      `/${dana.enterprise.enterpriseIdentifier}/projects/${dana.project.id}/task/${first.id}`,
    );
    expect(digest.text).not.toContain(read.id);
    expect(digest.headers['list-unsubscribe']).toContain('/unsubscribe?token=');

    // A second run, at once or later that day, mails nothing more.
    await runDigests(new Date('2026-02-04T02:00:00.000Z'));
    expect(await notificationMails(digester)).toHaveLength(1);
  });
});
