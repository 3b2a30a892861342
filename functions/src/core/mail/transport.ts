/**
 * Hands a rendered mail to the transport chosen in settings.ts: SMTP (nodemailer) or SES v2's
 * SendEmail. Each client loads on first use, so a function that never sends carries neither.
 */
import { config } from '../config';
import { mailSettings } from './settings';
import type { RenderedMail } from './templates';

export interface OutgoingMail extends RenderedMail {
  to: string;
}

type Deliver = (mail: OutgoingMail) => Promise<void>;

let smtp: Deliver | undefined;
let ses: Deliver | undefined;
let warnedOff = false;

async function smtpDeliver(): Promise<Deliver> {
  const { createTransport } = await import('nodemailer');
  const { smtpUrl, from } = mailSettings();
  const transport = createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
  };
}

async function sesDeliver(): Promise<Deliver> {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const client = new SESv2Client({ region: config.region });
  const { from, configurationSet } = mailSettings();
  return async (mail) => {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        ConfigurationSetName: configurationSet,
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              Html: { Data: mail.html, Charset: 'UTF-8' },
            },
            ...(mail.headers
              ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) }
              : {}),
          },
        },
      }),
    );
  };
}

/** Sends one mail now; throws when the transport refuses it (the job is then retried). */
export async function deliverMail(mail: OutgoingMail): Promise<void> {
  const { transport } = mailSettings();
  if (transport === 'off') {
    // Once per process: a script that signs up many people should not print a line for each.
    if (!warnedOff) console.warn('Mail is not sent: no SMTP_URL and not in the cloud (docs/email.md)');
    warnedOff = true;
    return;
  }
  if (transport === 'smtp') {
    smtp ??= await smtpDeliver();
    return smtp(mail);
  }
  ses ??= await sesDeliver();
  return ses(mail);
}
