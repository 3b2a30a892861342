/**
 * Mail goes out from a queue, never inside the request that asked for it: `enqueueMail` queues a
 * job on the auth group's queue (SQS in the cloud, in-process locally; core/jobs), and the job
 * renders the template and hands it to the transport. A transport failure throws, so the job is
 * retried (MAX_JOB_ATTEMPTS) and then dead-lettered.
 *
 * At least once: a job run twice after the transport accepted the mail sends it twice. Each mail
 * carries an id, and a sent id is remembered for a day (`MAILSENT#`), which stops the usual
 * redelivery (a worker that sent and then died) from mailing the same person again.
 */

import { clock } from '../clock';
import { keys } from '../db/keys';
import { getItem, putItem } from '../db/operations';
import { newId } from '../ids';
import { defineJob } from '../jobs/jobs';
import type { MailTemplateName, MailTemplates } from './templates';
import { renderMail } from './templates';
import { deliverMail } from './transport';

/** One queued mail: the recipient, the template and its data. */
export interface MailRequest<T extends MailTemplateName = MailTemplateName> {
  to: string;
  template: T;
  data: MailTemplates[T];
}

interface QueuedMail extends MailRequest {
  mailId: string;
}

const SENT_MEMORY_SECONDS = 24 * 3600;

async function sendQueuedMail(mail: QueuedMail): Promise<void> {
  const sentKey = keys.mailSent(mail.mailId);
  if (await getItem(sentKey)) return;
  const rendered = renderMail(mail.template, mail.data as never);
  await deliverMail({ to: mail.to, ...rendered });
  const expiresAt = Math.ceil(clock.now() / 1000) + SENT_MEMORY_SECONDS;
  await putItem({ ...sentKey, entity: 'MailSent', template: mail.template, expiresAt });
}

/** The job that renders and sends; the auth group's function runs it (functions/src/manifest.ts). */
export const sendMailJob = defineJob<QueuedMail>('auth', 'send-mail', sendQueuedMail);

/**
 * Queues a mail; resolves once it is queued, not sent. The entry point for every module that mails
 * someone (invitations, password reset, verification, notifications).
 */
export async function enqueueMail<T extends MailTemplateName>(request: MailRequest<T>): Promise<void> {
  await sendMailJob.enqueue({ ...request, mailId: newId() } as QueuedMail);
}

export const mailBackground = [sendMailJob] as const;
