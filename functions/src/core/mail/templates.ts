/**
 * The mails, each a small typed function of its data answering a subject, a text body and an HTML
 * body. Everything a person wrote (names, titles, comments) is escaped in the HTML (`html`), and
 * links are only ever ones this service built.
 */
import { config } from '../config';
import { html, joinHtml, type SafeHtml } from './html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface InvitationData {
  enterpriseName: string;
  inviterName: string;
  roleNames: string[];
  link: string;
  expiresAt: string;
}

export interface PasswordResetData {
  nickname: string;
  link: string;
  validMinutes: number;
}

export interface VerifyEmailData {
  nickname: string;
  link: string;
  validHours: number;
}

/** A notification (modules/notifications): what happened, where, and how to stop these mails. */
export interface NotificationData {
  title: string;
  lines: string[];
  link: string;
  unsubscribeLink: string;
}

/** Template name → its data: what `enqueueMail` accepts. */
export interface MailTemplates {
  invitation: InvitationData;
  'password-reset': PasswordResetData;
  'verify-email': VerifyEmailData;
  notification: NotificationData;
}
export type MailTemplateName = keyof MailTemplates;

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">
<h2 style="font-size:18px">${title}</h2>
${body}
<p style="color:#888;font-size:12px">${config.appName}</p>
</body></html>`.value;
}

const button = (link: string, label: string) =>
  html`<p><a href="${link}" style="background:#228be6;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${label}</a></p><p style="font-size:12px;color:#666">Or open this address: ${link}</p>`;

function invitation(d: InvitationData): RenderedMail {
  const roles = d.roleNames.join(', ');
  const subject = `${d.inviterName} invited you to ${d.enterpriseName} on ${config.appName}`;
  return {
    subject,
    text: [
      `${d.inviterName} invited you to join ${d.enterpriseName} as ${roles}.`,
      '',
      `Accept the invitation: ${d.link}`,
      '',
      `The link works once and expires at ${d.expiresAt}.`,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>${d.inviterName} invited you to join <b>${d.enterpriseName}</b> as ${roles}.</p>
${button(d.link, 'Accept the invitation')}
<p>The link works once and expires at ${d.expiresAt}.</p>`,
    ),
  };
}

function passwordReset(d: PasswordResetData): RenderedMail {
  const subject = `Reset your ${config.appName} password`;
  return {
    subject,
    text: [
      `Hello ${d.nickname},`,
      '',
      `Someone (we hope you) asked to reset your password. Choose a new one here: ${d.link}`,
      '',
      `The link works once and for ${d.validMinutes} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>Hello ${d.nickname},</p><p>Someone (we hope you) asked to reset your password.</p>
${button(d.link, 'Choose a new password')}
<p>The link works once and for ${d.validMinutes} minutes. If you did not ask, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}

function verifyEmail(d: VerifyEmailData): RenderedMail {
  const subject = `Confirm your email address for ${config.appName}`;
  return {
    subject,
    text: [
      `Hello ${d.nickname},`,
      '',
      `Confirm that this address is yours: ${d.link}`,
      '',
      `The link works for ${d.validHours} hours.`,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>Hello ${d.nickname},</p><p>Confirm that this address is yours.</p>
${button(d.link, 'Confirm my address')}
<p>The link works for ${d.validHours} hours.</p>`,
    ),
  };
}

function notification(d: NotificationData): RenderedMail {
  return {
    subject: d.title,
    text: [...d.lines, '', `Open: ${d.link}`, '', `Stop these mails: ${d.unsubscribeLink}`].join('\n'),
    html: layout(
      d.title,
      html`${joinHtml(d.lines.map((line) => html`<p>${line}</p>`))}
${button(d.link, 'Open')}
<p style="font-size:12px"><a href="${d.unsubscribeLink}">Stop these mails</a></p>`,
    ),
  };
}

const RENDERERS: { [T in MailTemplateName]: (data: MailTemplates[T]) => RenderedMail } = {
  invitation,
  'password-reset': passwordReset,
  'verify-email': verifyEmail,
  notification,
};

/** Renders `template` with `data`; an unknown template name (an old queued job) throws. */
export function renderMail<T extends MailTemplateName>(template: T, data: MailTemplates[T]): RenderedMail {
  const render = RENDERERS[template];
  if (!render) throw new Error(`No mail template ${template}`);
  return render(data);
}
