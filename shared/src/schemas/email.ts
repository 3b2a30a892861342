/** Email flows: password reset, address verification and invitations by email (docs/email.md). */
import * as z from 'zod';
import { PasswordSchema, RoleRefSchema } from './auth';
import { messages } from './common';

export const EmailAddressSchema = z
  .email({ error: 'email must be a valid email address' })
  .max(254, messages.tooLong('email', 254))
  .transform((value) => value.trim().toLowerCase());

/** The token of a mailed link (the part after `token=`). */
export const LinkTokenSchema = z
  .string({ error: messages.required('token') })
  .trim()
  .min(16, 'token: This link is not valid; ask for a new one')
  .max(128, 'token: This link is not valid; ask for a new one');

export const ForgotPasswordBodySchema = z.object({ email: EmailAddressSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({ token: LinkTokenSchema, password: PasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const LinkTokenBodySchema = z.object({ token: LinkTokenSchema });
export type LinkTokenBody = z.infer<typeof LinkTokenBodySchema>;

/** The one answer to "forgot password", whether or not the address has an account. */
export const ForgotPasswordResultSchema = z.object({ message: z.string() });

export const EmailStatusSchema = z
  .object({ email: z.string(), verified: z.boolean(), verifiedAt: z.string().nullable() })
  .meta({ id: 'EmailStatus' });
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    roles: z.array(RoleRefSchema),
    status: InvitationStatusSchema,
    invitedBy: z.string(),
    createdAt: z.string(),
    /** When the link last mailed stops working. */
    expiresAt: z.string(),
    sentCount: z.number().int(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;

export const InviteBodySchema = z.object({
  email: EmailAddressSchema,
  roleIds: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** What the invitee sees before accepting: who invites them where, and for which address. */
export const InvitationPreviewSchema = z
  .object({
    enterpriseName: z.string(),
    enterpriseIdentifier: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    /** Whether an account with the invited address exists (sign in rather than sign up). */
    accountExists: z.boolean(),
    expiresAt: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptedInvitationSchema = z.object({
  enterpriseIdentifier: z.string(),
  enterpriseName: z.string(),
});
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;
