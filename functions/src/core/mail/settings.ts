/**
 * Where mail goes, read from the environment once (apart from core/config.ts: only the functions
 * that send mail need these, and a missing one must not stop the others).
 *
 * - `SMTP_URL` (`smtp://127.0.0.1:1025`): the embedded default's mail catcher, or any SMTP server.
 * - Otherwise on Lambda, or with `MAIL_TRANSPORT=ses`: Amazon SES v2, in `MAIL_CONFIGURATION_SET`
 *   when set (bounces and complaints are recorded there).
 * - Otherwise nothing is sent: the worker logs that a message was dropped (a script that never
 *   started a catcher, such as the seed).
 */
import * as z from 'zod';

const MailEnvSchema = z.object({
  SMTP_URL: z.url().optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'ses', 'off']).optional(),
  MAIL_FROM: z.string().min(3).default('Workspace <no-reply@localhost>'),
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});

export type MailTransportKind = 'smtp' | 'ses' | 'off';

export interface MailSettings {
  transport: MailTransportKind;
  smtpUrl: string | undefined;
  from: string;
  configurationSet: string | undefined;
}

/** Parses an environment; exported so the choice of transport can be checked without process.env. */
export function parseMailSettings(env: Record<string, string | undefined>): MailSettings {
  const parsed = MailEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid mail configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const transport: MailTransportKind =
    e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : e.AWS_LAMBDA_FUNCTION_NAME ? 'ses' : 'off');
  if (transport === 'smtp' && !e.SMTP_URL)
    throw new Error('Invalid mail configuration: SMTP_URL is required');
  return { transport, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, configurationSet: e.MAIL_CONFIGURATION_SET };
}

let cached: MailSettings | undefined;

/** Read on first use, so a test's global set-up has put SMTP_URL in place by then. */
export function mailSettings(): MailSettings {
  cached ??= parseMailSettings(process.env);
  return cached;
}
