/**
 * Demo inboxes. Everything the seed did before (assignments, comments with `@login`, sprints,
 * test sheets, reminders) already became notifications through the API; this adds a burst of
 * comments on one item per person (coalesced into one notification with a count), marks each
 * person's older half read, and gives some people a daily email digest (chosen before their burst,
 * so the burst is in the next day's digest; the others were mailed as it happened).
 * Idempotent: a person with a read notification is left alone.
 */
import type { Page } from '@shared/index';
import type { Notification } from '@shared/schemas/notifications';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const BURST = [
  'Picked this up, first pass done.',
  'Found the cause: a stale cache key.',
  'Fix is up for review.',
];

/** Notifications are delivered in the background: wait until the person's inbox has settled. */
async function settledInbox(session: ApiSession): Promise<Page<Notification>> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const page = await session.get<Page<Notification>>(`${BASE}/notifications?order=newest&pageSize=100`);
    const total = page.rows.reduce((sum, n) => sum + n.count, 0);
    if (total === last) return page;
    last = total;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return session.get<Page<Notification>>(`${BASE}/notifications?order=newest&pageSize=100`);
}

/** A colleague comments three times on an item the person is assigned: one notification, count 3. */
async function burst(seed: FoundationSeed, login: string, inbox: Page<Notification>): Promise<void> {
  const assigned = inbox.rows.find((n) => n.kind === 'assigned' && n.subject.type === 'issue');
  const colleague = [...seed.sessions.keys()].find((other) => other !== login);
  if (!assigned || !colleague) return;
  for (const notes of BURST) {
    await seed.sessions
      .get(colleague)!
      .post(`${BASE}/pmsProjectIssues/journals/${assigned.subject.id}`, { notes });
  }
}

/** Seeds every person's inbox; answers how many people got one. */
export async function seedNotifications(seed: FoundationSeed): Promise<number> {
  let seeded = 0;
  const people = [...seed.sessions.entries()];
  for (const [index, [login, session]] of people.entries()) {
    const inbox = await settledInbox(session);
    if (inbox.rows.some((n) => n.read)) continue;
    // Before the burst: its comments then wait in tomorrow's digest (docs/email.md), not in mail now.
    if (index % 2 === 0) await session.put(`${BASE}/notifications/preferences`, { email: 'daily' });
    await burst(seed, login, inbox);
    const older = inbox.rows.slice(Math.ceil(inbox.rows.length / 2));
    for (const n of older) await session.put(`${BASE}/notifications/${encodeURIComponent(n.id)}/read`);
    seeded++;
  }
  return seeded;
}
