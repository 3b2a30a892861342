/**
 * Reading mail in the API tests: the catcher (MailDev, started by test/setup/api-stack.ts) keeps
 * every message the mail worker sent over SMTP, and its REST API lists them.
 */
import type { Invitation } from '@shared/schemas/email';
import type { Enterprise } from '@shared/schemas/enterprise';
import { expect } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { type Client, expectStatus, unique } from './helpers';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

function catcherUrl(): string {
  const url = process.env.MAIL_CATCHER_URL;
  if (!url) throw new Error('MAIL_CATCHER_URL is not set: the API global set-up starts the catcher');
  return url;
}

/** Every mail the catcher holds for `address`, oldest first, once the queued jobs have run. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  await drainJobs();
  const all = (await (await fetch(`${catcherUrl()}/email`)).json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address));
}

export async function lastMailTo(address: string): Promise<CaughtMail> {
  const mails = await mailsTo(address);
  expect(mails.length, `no mail to ${address}`).toBeGreaterThan(0);
  return mails.at(-1)!;
}

/** The token of the link to `path` (`/reset-password`, `/invite`...) in a mail. */
export function tokenIn(mail: CaughtMail, path: string): string {
  const match = mail.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}

export const invitationsPath = (enterprise: Enterprise) =>
  `/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}/invitations`;

/** Invites a new address into `enterprise` as `admin`; answers the invitation and its link's token. */
export async function invitationWithToken(
  admin: Client,
  enterprise: Enterprise,
  email = `${unique('invited')}@example.test`,
): Promise<{ invitation: Invitation; token: string }> {
  const invitation = expectStatus(
    await admin.post<Invitation>(invitationsPath(enterprise), { email }),
    201,
  ).data;
  return { invitation, token: tokenIn(await lastMailTo(email), '/invite') };
}
