/**
 * The unsubscribe link of notification email: whoever holds it may turn that person's
 * notification email off in that enterprise, without signing in (mail clients and people click
 * it from the mail). The link is a random token of which only the hash is stored (core/mail/links,
 * purpose `unsubscribe`); unlike a reset link it is not used up, so following it again answers
 * the same. It turns email off and nothing else: the inbox stays as it is.
 */
import { badRequest } from '@core/errors';
import { getEnterprise } from '@core/identity/store/enterprises';
import { LINK_PROBLEMS, readLink } from '@core/mail/links';
import type { Unsubscribe } from '@shared/schemas/notifications';
import * as db from './store';

/** The enterprise and person the link stands for; 400 for a link that does not work. */
async function linkTarget(token: string) {
  const link = await readLink(token, 'unsubscribe');
  const [enterpriseId, userId] = link.subject.split('/');
  const enterprise = enterpriseId ? await getEnterprise(enterpriseId) : null;
  // The enterprise is gone: the link no longer stands for anything.
  if (!enterprise || !userId) throw badRequest('token', LINK_PROBLEMS.invalid);
  return { enterprise, userId, email: link.email };
}

/** Whose email the link stops, and how it is sent now (the page shows it before the button). */
export async function lookUpUnsubscribe(token: string): Promise<Unsubscribe> {
  const { enterprise, userId, email } = await linkTarget(token);
  const prefs = await db.getPreferences(enterprise.id, userId);
  return { email, enterpriseName: enterprise.name, emailMode: prefs.email };
}

/** Turns the person's notification email off (the inbox kinds stay as they are). */
export async function unsubscribe(token: string): Promise<Unsubscribe> {
  const { enterprise, userId, email } = await linkTarget(token);
  const prefs = await db.getPreferences(enterprise.id, userId);
  if (prefs.email !== 'off') await db.putPreferences(enterprise.id, userId, { ...prefs, email: 'off' });
  return { email, enterpriseName: enterprise.name, emailMode: 'off' };
}
