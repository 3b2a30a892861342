/**
 * In-app notifications (docs/notifications.md): each event kind through the real stack (the
 * writing call, the published event, the notifications job, the inbox calls), coalescing, the
 * actor never told of their own action, mentions of non-members ignored, watching, preferences,
 * marking read, and bad input.
 */
import type { Page } from '@shared/schemas/common';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Notification, Preferences, Watchers } from '@shared/schemas/notifications';
import type { SpecDetail } from '@shared/schemas/requirements';
import type { SprintDetail } from '@shared/schemas/sprints';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { expectStatus, type TestUser, unique } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { createProduct, createRequirement, createSpec, passReview } from './product-fixtures';
import { createSheet } from './testrun-fixtures';

let team: Team;
let ana: TestUser;
let bo: TestUser;
let owner: TestUser;
/** An enterprise member outside the project. */
let carl: TestUser;

const pms = (rest: string) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;

async function inbox(who: TestUser, query = ''): Promise<Page<Notification>> {
  await drainJobs();
  return expectStatus(await who.client.get<Page<Notification>>(pms(`notifications${query}`)), 200).data;
}

async function unread(who: TestUser): Promise<number> {
  await drainJobs();
  return expectStatus(await who.client.get<{ count: number }>(pms('notifications/unreadCount')), 200).data
    .count;
}

/** Marks one read, once the jobs queued so far have delivered. */
async function markRead(who: TestUser, id: string) {
  await drainJobs();
  return who.client.put<Notification>(pms(`notifications/${id}/read`));
}

/** `who`'s notification on the work item, if any. */
async function onItem(who: TestUser, item: { id: string }): Promise<Notification | undefined> {
  const page = await inbox(who, '?pageSize=100');
  return page.rows.find((n) => n.id === `issue.${item.id}`);
}

async function newItem(actor: TestUser, body: Record<string, unknown> = {}): Promise<IssueDetail> {
  const res = await actor.client.post<IssueDetail>(`${team.base}/add`, {
    pmsProjectId: team.project.id,
    pmIssueType: 3,
    title: unique('Item '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

async function comment(actor: TestUser, item: { id: string }, notes: string): Promise<void> {
  expectStatus(await actor.client.post(`${team.base}/journals/${item.id}`, { notes }), 201);
}

async function edit(
  actor: TestUser,
  item: IssueDetail,
  changes: Record<string, unknown>,
): Promise<IssueDetail> {
  const res = await actor.client.put<IssueDetail>(`${team.base}/edit/${item.id}`, {
    version: item.version,
    ...changes,
  });
  return expectStatus(res, 200).data;
}

beforeAll(async () => {
  team = await createTeam(0, ['Ana', 'Bo']);
  [ana, bo] = team.members as [TestUser, TestUser];
  owner = team.owner;
  carl = team.outsider;
});

describe('events become notifications', () => {
  it('tells the assignee of a new item, once, naming the actor and the item', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    const found = await onItem(ana, item);
    expect(found).toMatchObject({
      kind: 'assigned',
      count: 1,
      read: false,
      actor: { userId: owner.userId },
      subject: { type: 'issue', id: item.id, projectId: team.project.id, number: item.issueNumber },
    });
    expect(found?.subject.title).toBe(item.title);
    expect(await onItem(owner, item)).toBeUndefined();
  });

  it('tells a project member mentioned in a comment, and nobody outside the project', async () => {
    const item = await newItem(owner);
    await comment(owner, item, `@${bo.login} and @${carl.login}, please look; not ${ana.login}@example.test`);
    expect(await onItem(bo, item)).toMatchObject({
      kind: 'mentioned',
      count: 1,
      excerpt: expect.stringContaining('please look'),
    });
    expect(await onItem(carl, item)).toBeUndefined();
    expect(await onItem(ana, item)).toBeUndefined();
    expect(await unread(carl)).toBe(0);
  });

  it('tells those mentioned in a new description', async () => {
    const item = await newItem(ana, { description: `Over to @${bo.login.toUpperCase()}` });
    expect(await onItem(bo, item)).toMatchObject({ kind: 'mentioned', actor: { userId: ana.userId } });
  });

  it('tells the creator and assignee (default watchers) of comments and status changes', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    await comment(bo, item, 'Looks fine to me');
    expect(await onItem(owner, item)).toMatchObject({
      kind: 'watchedComment',
      count: 1,
      actor: { userId: bo.userId },
    });
    expect(await onItem(ana, item)).toMatchObject({ kind: 'watchedComment', count: 2 });
    await edit(bo, item, { status: 2 });
    expect(await onItem(ana, item)).toMatchObject({ kind: 'watchedStatus', count: 3 });
    expect(await onItem(bo, item)).toBeUndefined();
  });

  it('tells a new assignee when an item is reassigned', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    await edit(owner, item, { assigneeId: bo.userId });
    expect(await onItem(bo, item)).toMatchObject({ kind: 'assigned', count: 1 });
  });

  it('never tells the actor of their own action', async () => {
    const item = await newItem(ana, { assigneeId: ana.userId, description: `Note to self @${ana.login}` });
    await comment(ana, item, `@${ana.login} remember this`);
    await edit(ana, item, { status: 2 });
    expect(await onItem(ana, item)).toBeUndefined();
  });

  it('tells the project members a sprint started and completed, not the one who did it', async () => {
    const sprintsBase = pms('pmsProjectSprint');
    const created = expectStatus(
      await owner.client.post<SprintDetail>(sprintsBase, {
        pmsProjectId: team.project.id,
        name: unique('Sprint '),
        startDate: '2026-03-02',
        endDate: '2026-03-15',
      }),
      201,
    ).data;
    const started = expectStatus(
      await owner.client.put<SprintDetail>(`${sprintsBase}/${created.id}`, {
        version: created.version,
        status: 1,
        confirmStart: true,
      }),
      200,
    ).data;
    const forAna = async () =>
      (await inbox(ana, '?pageSize=100')).rows.find((n) => n.id === `sprint.${created.id}`);
    expect(await forAna()).toMatchObject({
      kind: 'sprintStarted',
      count: 1,
      subject: { title: created.name },
    });
    expect((await inbox(bo, '?pageSize=100')).rows.some((n) => n.id === `sprint.${created.id}`)).toBe(true);
    expect((await inbox(owner, '?pageSize=100')).rows.some((n) => n.id === `sprint.${created.id}`)).toBe(
      false,
    );
    expectStatus(
      await owner.client.put(`${sprintsBase}/${created.id}/complete`, {
        version: started.version,
        choice: 2,
      }),
      200,
    );
    expect(await forAna()).toMatchObject({ kind: 'sprintCompleted', count: 2 });
  });

  it('tells the owner of a test sheet', async () => {
    const sheet = await createSheet(owner, team, { ownerId: bo.userId });
    const found = (await inbox(bo, '?pageSize=100')).rows.find((n) => n.id === `testSheet.${sheet.id}`);
    expect(found).toMatchObject({ kind: 'testSheetAssigned', count: 1, subject: { title: sheet.name } });
  });

  it('reminds members without a submitted weekly report', async () => {
    expectStatus(
      await owner.client.post(pms('pmsProjectWeeklyReport/remind'), { pmsProjectId: team.project.id }),
      200,
    );
    const reminders = (await inbox(ana, '?pageSize=100')).rows.filter((n) => n.kind === 'weeklyReminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      actor: null,
      subject: { type: 'weekly', projectId: team.project.id },
    });
  });
});

describe('review requested and batch edits', () => {
  const identifier = () => team.enterprise.enterpriseIdentifier;

  /** `who`'s notification on a spec or user requirement, if any. */
  async function onRequirement(who: TestUser, type: 'spec' | 'userRequirement', id: string) {
    const page = await inbox(who, '?pageSize=100');
    return page.rows.find((n) => n.id === `${type}.${id}`);
  }

  it("asks the product's reviewers when a spec or user requirement starts waiting for review", async () => {
    const product = await createProduct(owner.client, identifier(), {
      memberIds: [ana.userId, bo.userId],
      // The owner reviews too (holding the review permission), its own work included.
      reviewerIds: [bo.userId, owner.userId],
      allowSelfReview: true,
    });
    const spec = await createSpec(owner.client, identifier(), product.id);
    expect(await onRequirement(bo, 'spec', spec.id)).toMatchObject({
      kind: 'reviewRequested',
      count: 1,
      actor: { userId: owner.userId },
      subject: { type: 'spec', id: spec.id, projectId: null, number: spec.number, title: spec.title },
    });
    // Only the reviewers are asked; the author is never told of their own action.
    expect(await onRequirement(ana, 'spec', spec.id)).toBeUndefined();
    expect(await onRequirement(owner, 'spec', spec.id)).toBeUndefined();

    // An edit while it waits asks nobody again.
    const edited = expectStatus(
      await owner.client.put<SpecDetail>(pms('productRequirementSpecs'), {
        id: spec.id,
        version: spec.version,
        title: `${spec.title} (edited)`,
      }),
      200,
    ).data;
    expect(await onRequirement(bo, 'spec', spec.id)).toMatchObject({ count: 1 });

    // Passed, then changed: it waits for review again, and the reviewer is asked again.
    const passed = await passReview(owner.client, identifier(), 'productRequirementSpecs', edited);
    expectStatus(
      await owner.client.put(pms('productRequirementSpecs/change'), {
        id: passed.id,
        version: passed.version,
        acceptance: 'Now with acceptance criteria',
        reason: 'Clarified',
      }),
      200,
    );
    expect(await onRequirement(bo, 'spec', spec.id)).toMatchObject({ kind: 'reviewRequested', count: 2 });

    const requirement = await createRequirement(owner.client, identifier(), product.id);
    expect(await onRequirement(bo, 'userRequirement', requirement.id)).toMatchObject({
      kind: 'reviewRequested',
      count: 1,
      subject: { type: 'userRequirement', id: requirement.id, number: requirement.number },
    });
    expect(await onRequirement(ana, 'userRequirement', requirement.id)).toBeUndefined();
  });

  it('asks nobody when the product chose no reviewers (every member may review)', async () => {
    const product = await createProduct(owner.client, identifier(), { memberIds: [ana.userId, bo.userId] });
    const spec = await createSpec(owner.client, identifier(), product.id);
    expect(await onRequirement(ana, 'spec', spec.id)).toBeUndefined();
    expect(await onRequirement(bo, 'spec', spec.id)).toBeUndefined();
  });

  it('publishes for a batch edit what single edits publish: the new assignee, and watchers of a status change', async () => {
    const first = await newItem(owner);
    const second = await newItem(owner);
    expectStatus(
      await bo.client.put(`${team.base}/edit/batch`, {
        ids: [first.id, second.id],
        changes: { assigneeId: ana.userId },
      }),
      200,
    );
    expect(await onItem(ana, first)).toMatchObject({
      kind: 'assigned',
      count: 1,
      actor: { userId: bo.userId },
    });
    expect(await onItem(ana, second)).toMatchObject({ kind: 'assigned', count: 1 });

    expectStatus(
      await bo.client.put(`${team.base}/edit/batch`, { ids: [first.id, second.id], changes: { status: 2 } }),
      200,
    );
    // The creator and the assignee watch: each hears of both status changes.
    expect(await onItem(owner, first)).toMatchObject({ kind: 'watchedStatus', count: 1 });
    expect(await onItem(owner, second)).toMatchObject({ kind: 'watchedStatus', count: 1 });
    expect(await onItem(ana, first)).toMatchObject({ kind: 'watchedStatus', count: 2 });
    expect(await onItem(bo, first)).toBeUndefined();
  });
});

describe('coalescing', () => {
  it('folds a flood of events on one item into one unread notification with a count and the latest event', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    const before = await unread(ana);
    for (let i = 1; i <= 12; i++) await comment(bo, item, `Update ${i}`);
    const found = await onItem(ana, item);
    expect(found).toMatchObject({ kind: 'watchedComment', count: 13, excerpt: 'Update 12', read: false });
    expect(await unread(ana)).toBe(before);
    const all = await inbox(ana, '?pageSize=100');
    expect(all.rows.filter((n) => n.id === `issue.${item.id}`)).toHaveLength(1);
  });

  it('starts a read notification over, unread with a count of 1, on the next event', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    await comment(bo, item, 'first');
    expectStatus(await markRead(ana, `issue.${item.id}`), 200);
    await comment(bo, item, 'second');
    expect(await onItem(ana, item)).toMatchObject({ read: false, count: 1, excerpt: 'second' });
  });
});

describe('watching', () => {
  it('lets a member watch and unwatch an item, and lists who watches', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    const watchBody = { subjectType: 'issue', subjectId: item.id };
    const query = `notifications/watchers?subjectType=issue&subjectId=${item.id}`;
    const initially = expectStatus(await bo.client.get<Watchers>(pms(query)), 200).data;
    expect(initially.watching).toBe(false);
    expect(initially.watchers.map((w) => w.userId).sort()).toEqual([ana.userId, owner.userId].sort());

    const watched = expectStatus(
      await bo.client.post<Watchers>(pms('notifications/watch'), watchBody),
      200,
    ).data;
    expect(watched.watching).toBe(true);
    expectStatus(await ana.client.post(pms('notifications/unwatch'), watchBody), 200);
    const ana0 = (await onItem(ana, item))?.count;

    await edit(owner, item, { status: 2 });
    expect(await onItem(bo, item)).toMatchObject({ kind: 'watchedStatus', count: 1 });
    expect((await onItem(ana, item))?.count).toBe(ana0);
    const after = expectStatus(await bo.client.get<Watchers>(pms(query)), 200).data;
    expect(after.watchers.map((w) => w.userId).sort()).toEqual([bo.userId, owner.userId].sort());
  });

  it('refuses an unknown item (404) and what cannot be watched (400)', async () => {
    const unknown = await bo.client.post(pms('notifications/watch'), {
      subjectType: 'issue',
      subjectId: 'nosuchitem',
    });
    expect(unknown.status).toBe(404);
    const sprint = await bo.client.post(pms('notifications/watch'), {
      subjectType: 'sprint',
      subjectId: 'x',
    });
    expect(sprint.status).toBe(400);
    expect(sprint.body.errorMessage).toMatch(/subjectType/);
  });
});

describe('the inbox', () => {
  it('lists unread first, newest first, or unread only, and pages', async () => {
    const earlier = await newItem(owner, { assigneeId: bo.userId });
    const laterOne = await newItem(owner, { assigneeId: bo.userId });
    expectStatus(await markRead(bo, `issue.${laterOne.id}`), 200);
    const newest = await inbox(bo, '?order=newest&pageSize=1');
    expect(newest.rows[0]?.id).toBe(`issue.${laterOne.id}`);
    expect(newest.pageSize).toBe(1);
    const unreadFirst = await inbox(bo, '?pageSize=100');
    const firstRead = unreadFirst.rows.findIndex((n) => n.read);
    expect(unreadFirst.rows.slice(firstRead).every((n) => n.read)).toBe(true);
    expect(unreadFirst.rows[0]?.id).toBe(`issue.${earlier.id}`);
    const onlyUnread = await inbox(bo, '?unread=true&pageSize=100');
    expect(onlyUnread.rows.every((n) => !n.read)).toBe(true);
    expect(onlyUnread.total).toBe(await unread(bo));
  });

  it('marks one read and all read, and the count follows', async () => {
    const item = await newItem(owner, { assigneeId: ana.userId });
    const count = await unread(ana);
    expect(count).toBeGreaterThan(1);
    const marked = expectStatus(await markRead(ana, `issue.${item.id}`), 200);
    expect(marked.data).toMatchObject({ id: `issue.${item.id}`, read: true });
    expect(await unread(ana)).toBe(count - 1);
    const all = expectStatus(await ana.client.put<{ updated: number }>(pms('notifications/readAll')), 200);
    expect(all.data.updated).toBe(count - 1);
    expect(await unread(ana)).toBe(0);
  });

  it('answers 404 for an unknown or malformed notification id, and 400 for a bad query', async () => {
    expect((await markRead(ana, 'issue.nosuchitem')).status).toBe(404);
    expect((await markRead(ana, 'bogus')).status).toBe(404);
    const bad = await ana.client.get(pms('notifications?order=oldest'));
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^order: Order must be unreadFirst or newest/);
  });
});

describe('preferences', () => {
  it('starts with everything on and email immediately', async () => {
    const prefs = expectStatus(
      await carl.client.get<Preferences>(pms('notifications/preferences')),
      200,
    ).data;
    expect(prefs.email).toBe('immediately');
    expect(Object.values(prefs.inApp).every(Boolean)).toBe(true);
  });

  it('turns a kind off: that event no longer reaches the inbox; others still do', async () => {
    const saved = expectStatus(
      await bo.client.put<Preferences>(pms('notifications/preferences'), {
        inApp: { mentioned: false },
        email: 'daily',
      }),
      200,
    ).data;
    expect(saved).toMatchObject({ email: 'daily', inApp: { mentioned: false, assigned: true } });
    const mentioned = await newItem(owner);
    await comment(owner, mentioned, `@${bo.login} see this`);
    expect(await onItem(bo, mentioned)).toBeUndefined();
    const assigned = await newItem(owner, { assigneeId: bo.userId });
    expect(await onItem(bo, assigned)).toMatchObject({ kind: 'assigned' });
    const again = expectStatus(await bo.client.get<Preferences>(pms('notifications/preferences')), 200).data;
    expect(again).toEqual(saved);
  });

  it('refuses an unknown kind or email setting, naming the field', async () => {
    const kind = await bo.client.put(pms('notifications/preferences'), { inApp: { everything: false } });
    expect(kind.status).toBe(400);
    expect(kind.body.errorMessage).toMatch(/inApp/);
    const email = await bo.client.put(pms('notifications/preferences'), { email: 'weekly' });
    expect(email.status).toBe(400);
    expect(email.body.errorMessage).toMatch(/^email: Email must be immediately, daily or off/);
  });
});
