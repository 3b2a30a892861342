/**
 * The embedded default's mail catcher: MailDev, an SMTP server that keeps every message and shows
 * them in a web inbox with a REST API (`GET /email`, `DELETE /email/all`). `npm start` and the API
 * tests start one; SMTP_URL points the mail worker (functions/src/core/mail) at it.
 */
import MailDev from 'maildev';
import { freePort } from './local-stack';

export interface MailCatcher {
  /** The web inbox and its REST API. */
  webUrl: string;
  smtpUrl: string;
  /** SMTP_URL and MAIL_CATCHER_URL (the tests read mail through it). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startMailCatcher(ports: { smtp?: number; web?: number } = {}): Promise<MailCatcher> {
  const smtp = ports.smtp ?? (await freePort());
  const web = ports.web ?? (await freePort());
  const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', silent: true });
  await new Promise<void>((resolve, reject) =>
    maildev.listen((error) => (error ? reject(error) : resolve())),
  );
  const webUrl = `http://127.0.0.1:${web}`;
  const smtpUrl = `smtp://127.0.0.1:${smtp}`;
  return {
    webUrl,
    smtpUrl,
    env: { SMTP_URL: smtpUrl, MAIL_CATCHER_URL: webUrl },
    stop: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}
