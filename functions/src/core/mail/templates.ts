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
  /** Extra headers (`List-Unsubscribe`...), by name. */
  headers?: Record<string, string>;
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
  /** The page that turns notification email off (opened in a browser, no sign-in). */
  unsubscribeLink: string;
}

/** The daily digest: a person's unread notifications of one day, each with its link. */
export interface DigestData {
  title: string;
  items: { line: string; link: string }[];
  /** The inbox page. */
  inboxLink: string;
  unsubscribeLink: string;
}

/** Template name → its data: what `enqueueMail` accepts. */
export interface MailTemplates {
  invitation: InvitationData;
  'password-reset': PasswordResetData;
  'verify-email': VerifyEmailData;
  notification: NotificationData;
  'notification-digest': DigestData;
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

/**
 * `List-Unsubscribe`, so that mail clients offer their own "unsubscribe" button: it opens the
 * unsubscribe page. No one-click POST (RFC 8058): the API's CSRF rules want a header that a mail
 * client does not send.
 */
const unsubscribeHeaders = (d: { unsubscribeLink: string }) => ({
  'List-Unsubscribe': `<${d.unsubscribeLink}>`,
});

const stopLink = (link: string) => html`<p style="font-size:12px"><a href="${link}">Stop these mails</a></p>`;

function notification(d: NotificationData): RenderedMail {
  return {
    subject: d.title,
    text: [...d.lines, '', `Open: ${d.link}`, '', `Stop these mails: ${d.unsubscribeLink}`].join('\n'),
    html: layout(
      d.title,
      html`${joinHtml(d.lines.map((line) => html`<p>${line}</p>`))}
${button(d.link, 'Open')}
${stopLink(d.unsubscribeLink)}`,
    ),
    headers: unsubscribeHeaders(d),
  };
}

function notificationDigest(d: DigestData): RenderedMail {
  return {
    subject: d.title,
    text: [
      ...d.items.flatMap((item) => [`- ${item.line}`, `  ${item.link}`]),
      '',
      `All notifications: ${d.inboxLink}`,
      '',
      `Stop these mails: ${d.unsubscribeLink}`,
    ].join('\n'),
    html: layout(
      d.title,
      html`<ul>${joinHtml(d.items.map((item) => html`<li><a href="${item.link}">${item.line}</a></li>`))}</ul>
${button(d.inboxLink, 'All notifications')}
${stopLink(d.unsubscribeLink)}`,
    ),
    headers: unsubscribeHeaders(d),
  };
}

const RENDERERS: { [T in MailTemplateName]: (data: MailTemplates[T]) => RenderedMail } = {
  invitation,
  'password-reset': passwordReset,
  'verify-email': verifyEmail,
  notification,
  'notification-digest': notificationDigest,
};

/** Renders `template` with `data`; an unknown template name (an old queued job) throws. */
export function renderMail<T extends MailTemplateName>(template: T, data: MailTemplates[T]): RenderedMail {
  const render = RENDERERS[template];
  if (!render) throw new Error(`No mail template ${template}`);
  return render(data);
}
