import { describe, expect, it } from 'vitest';
import { parseMailSettings } from './settings';
import { renderMail } from './templates';

describe('mail templates', () => {
  it('escape what people wrote in the HTML and keep it as typed in the text', () => {
    const mail = renderMail('invitation', {
      enterpriseName: 'Acme & <script>alert(1)</script>',
      inviterName: 'Eve "the" <b>admin</b>',
      roleNames: ['Dev <ops>'],
      link: 'http://localhost/invite?token=abc&x=1',
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>admin</b>');
    expect(mail.html).toContain('Acme &amp; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="http://localhost/invite?token=abc&amp;x=1"');
    expect(mail.text).toContain('Eve "the" <b>admin</b> invited you to join Acme & <script>');
  });

  it('render a notification with its unsubscribe link', () => {
    const mail = renderMail('notification', {
      title: 'You were mentioned',
      lines: ['<i>Ann</i> mentioned you'],
      link: 'http://localhost/a',
      unsubscribeLink: 'http://localhost/u',
    });
    expect(mail.html).toContain('&lt;i&gt;Ann&lt;/i&gt; mentioned you');
    expect(mail.text).toContain('Stop these mails: http://localhost/u');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<http://localhost/u>' });
  });

  it('render a digest: one escaped line and link per notification, the inbox, and unsubscribe', () => {
    const mail = renderMail('notification-digest', {
      title: '2 unread notifications',
      items: [
        { line: '<b>Bo</b> commented on #3 Fix', link: 'http://localhost/i/3' },
        { line: 'Ana assigned you #4 Ship', link: 'http://localhost/i/4' },
      ],
      inboxLink: 'http://localhost/acme/notifications',
      unsubscribeLink: 'http://localhost/u',
    });
    expect(mail.text.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- <b>Bo</b> commented on #3 Fix',
      '- Ana assigned you #4 Ship',
    ]);
    expect(mail.html).toContain(
      '<a href="http://localhost/i/3">&lt;b&gt;Bo&lt;/b&gt; commented on #3 Fix</a>',
    );
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<http://localhost/u>' });
  });
});

describe('mail settings', () => {
  it('choose SMTP with SMTP_URL, SES on Lambda, and nothing otherwise', () => {
    expect(parseMailSettings({ SMTP_URL: 'smtp://127.0.0.1:1025' }).transport).toBe('smtp');
    expect(parseMailSettings({ AWS_LAMBDA_FUNCTION_NAME: 'fn' }).transport).toBe('ses');
    expect(parseMailSettings({}).transport).toBe('off');
    expect(() => parseMailSettings({ MAIL_TRANSPORT: 'smtp' })).toThrow('SMTP_URL is required');
  });
});
