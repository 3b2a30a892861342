import * as z from 'zod';
import { messages, text } from './common';

export const LOGIN_PATTERN = /^[a-z0-9](?:[a-z0-9_.-]{1,38})[a-z0-9]$/;

export const LoginSchema = z
  .string({ error: messages.required('login') })
  .trim()
  .toLowerCase()
  .min(3, messages.tooShort('login', 3))
  .max(40, messages.tooLong('login', 40))
  .regex(LOGIN_PATTERN, 'login may use lowercase letters, digits, dot, dash and underscore');

export const PasswordSchema = z
  .string({ error: messages.required('password') })
  .min(8, messages.tooShort('password', 8))
  .max(128, messages.tooLong('password', 128));

export const SignUpBodySchema = z.object({
  login: LoginSchema,
  email: z.email({ error: 'email must be a valid email address' }).max(254, messages.tooLong('email', 254)),
  nickname: text('nickname', 60),
  password: PasswordSchema,
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z.object({
  /** The login name or the email address. */
  login: text('login', 254),
  password: z
    .string({ error: messages.required('password') })
    .min(1, messages.required('password'))
    .max(128),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const ChangePasswordBodySchema = z.object({
  oldPassword: z
    .string({ error: messages.required('old password') })
    .min(1, messages.required('old password')),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** A registered user as shown to others. `gitlinkUserId` is our own user id (see the architecture doc). */
export const UserProfileSchema = z
  .object({
    userId: z.string(),
    gitlinkUserId: z.string(),
    login: z.string(),
    nickname: z.string(),
    email: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const RoleRefSchema = z.object({ roleId: z.string(), roleKey: z.string(), roleName: z.string() });
export type RoleRef = z.infer<typeof RoleRefSchema>;

/**
 * `userIdentity`: `owner` (created the enterprise), `admin` (holds the admin role), `member`,
 * or `user` (signed in, not a member of the enterprise asked about, or no enterprise asked about).
 */
export const USER_IDENTITIES = ['owner', 'admin', 'member', 'user'] as const;

/** The current-user call (spec section 3). */
export const CurrentUserSchema = z
  .object({
    user: UserProfileSchema,
    permissions: z.array(z.string()),
    roles: z.array(RoleRefSchema),
    userIdentity: z.enum(USER_IDENTITIES),
    userId: z.string(),
    /** The code-hosting address: in this product the workspace's own origin. */
    gitlinkUrl: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SettingSchema = z.object({
  setting: z.object({ name: z.string(), signUpOpen: z.boolean(), version: z.string() }),
});

/** One of the signed-in user's sessions (`GET /api/auth/sessions`). */
export const SessionSchema = z
  .object({
    /** Names the session in the sign-out call; neither its token nor the token's stored hash. */
    id: z.string(),
    /** Read from the user agent: "Firefox on Linux", "Unknown device". */
    device: z.string(),
    userAgent: z.string(),
    /** The address it signed in from; '' when unknown. */
    sourceAddress: z.string(),
    createdAt: z.string(),
    /** Updated at most every few minutes, not by every request. */
    lastSeenAt: z.string(),
    /** The session this request was made with. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof SessionSchema>;

export const SessionIdParamSchema = z.object({ sessionId: z.string().min(1).max(64) });

export const EndedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;
