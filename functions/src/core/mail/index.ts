/** Email: queue a mail (`enqueueMail`), and the job that sends it (docs/email.md). */
export { enqueueMail, type MailRequest, mailBackground, sendMailJob } from './queue';
export type { MailTemplateName, MailTemplates, NotificationData } from './templates';
