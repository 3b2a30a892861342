/**
 * In-app notifications (`/api/pms/{identifier}/notifications...`): my inbox, its unread count, my
 * preferences, and who watches a work item. How events become notifications, and the item layout:
 * docs/notifications.md.
 */
import * as z from 'zod';
import { IdSchema, PageQuerySchema } from './common';
import { LinkTokenSchema } from './email';
import { UserSummarySchema } from './projects';

/** What a notification tells me. */
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'watchedStatus',
  'watchedComment',
  'sprintStarted',
  'sprintCompleted',
  'testSheetAssigned',
  'reviewRequested',
  'weeklyReminder',
  'pipelineFailed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about; one unread notification per person and subject (coalesced). */
export const SUBJECT_TYPES = [
  'issue',
  'sprint',
  'testSheet',
  'spec',
  'userRequirement',
  'weekly',
  'pipelineRun',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Only work items can be watched. */
export const WATCHABLE_TYPES = ['issue'] as const;

/** How the email side sends my notifications. */
export const EMAIL_MODES = ['immediately', 'daily', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** A read notification expires (the table's TTL) this many days after it was read. */
export const READ_NOTIFICATION_DAYS = 30;
/** The bell polls the unread count this often (and on window focus). */
export const UNREAD_POLL_MS = 30_000;

export const SubjectSchema = z.object({
  type: z.enum(SUBJECT_TYPES),
  id: z.string(),
  /** The project the subject lives in (null for none). */
  projectId: z.string().nullable(),
  title: z.string(),
  /** A work item's number in its project. */
  number: z.number().int().nullable(),
  /** A work item's kind (`pmIssueType`: which page shows it). */
  itemKind: z.number().int().nullable(),
});
export type Subject = z.infer<typeof SubjectSchema>;

export const NotificationSchema = z
  .object({
    /** `{subject type}.{subject id}`: the coalescing key. */
    id: z.string(),
    /** The latest event's kind. */
    kind: z.enum(NOTIFICATION_KINDS),
    subject: SubjectSchema,
    /** Who caused the latest event (null: the system, as for reminders). */
    actor: UserSummarySchema.nullable(),
    /** A short quote of the latest comment or description, when there is one. */
    excerpt: z.string().nullable(),
    /** How many events this notification stands for since it was last read. */
    count: z.number().int(),
    read: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_ORDERS = ['unreadFirst', 'newest'] as const;

export const NotificationListQuerySchema = PageQuerySchema.extend({
  order: z.enum(NOTIFICATION_ORDERS, { error: 'order must be unreadFirst or newest' }).default('unreadFirst'),
  /** `true`: unread ones only. */
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadCountSchema = z.object({ count: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const ReadAllResultSchema = z.object({ updated: z.number().int() });

const InAppSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

export const PreferencesSchema = z
  .object({
    /** Per kind: whether it reaches my inbox. */
    inApp: InAppSchema,
    /** How email sends them (the mail side reads it). */
    email: z.enum(EMAIL_MODES),
  })
  .meta({ id: 'NotificationPreferences' });
export type Preferences = z.infer<typeof PreferencesSchema>;

/** `PUT notifications/preferences`: only what changes. */
export const PreferencesBodySchema = z
  .object({
    inApp: InAppSchema.partial().strict().optional(),
    email: z.enum(EMAIL_MODES, { error: 'email must be immediately, daily or off' }).optional(),
  })
  .strict();
export type PreferencesBody = z.infer<typeof PreferencesBodySchema>;

/** `GET notifications/unsubscribe?token=`: the mailed link's token (no sign-in). */
export const UnsubscribeQuerySchema = z.object({ token: LinkTokenSchema });
export const UnsubscribeBodySchema = UnsubscribeQuerySchema;

/** Whose notification email an unsubscribe link stops, and how it is sent now. */
export const UnsubscribeSchema = z
  .object({
    email: z.string(),
    enterpriseName: z.string(),
    /** `off` once the link was followed. */
    emailMode: z.enum(EMAIL_MODES),
  })
  .meta({ id: 'NotificationUnsubscribe' });
export type Unsubscribe = z.infer<typeof UnsubscribeSchema>;

export const WatchBodySchema = z.object({
  subjectType: z.enum(WATCHABLE_TYPES, { error: 'subjectType must be issue' }),
  subjectId: IdSchema('subjectId'),
});
export type WatchBody = z.infer<typeof WatchBodySchema>;

export const WatchersQuerySchema = WatchBodySchema;

export const WatchersSchema = z
  .object({
    /** Whether I watch it. */
    watching: z.boolean(),
    watchers: z.array(UserSummarySchema),
  })
  .meta({ id: 'Watchers' });
export type Watchers = z.infer<typeof WatchersSchema>;

/**
 * What a module publishes when something happens that people may want to hear of (events
 * `<group>.activity`; the notifications group subscribes). The publisher says what happened and
 * to whom directly; the notifications job works out mentions, watchers and project members,
 * leaves the actor out, applies preferences and coalesces.
 */
export interface ActivityEvent {
  enterpriseId: string;
  /** Who did it; null for the system (reminders). Never notified of their own action. */
  actorId: string | null;
  subject: Subject;
  /** When it happened (ISO). */
  at: string;
  /** People told directly, with the kind they are told. */
  direct?: { kind: NotificationKind; userIds: (string | null)[] }[];
  /** Text whose `@login` mentions tell project members (a comment or description). */
  mentionText?: string;
  /** Tells the watchers; `defaultWatchers` (creator, assignee) watch unless they unwatched. */
  watchers?: { kind: NotificationKind; defaultWatchers: (string | null)[] };
  /** Tells every member of the subject's project. */
  projectMembers?: NotificationKind;
  excerpt?: string;
}

/** A work item as its activity events need it (the issues module's record has these fields). */
export interface IssueFacts {
  issueId: string;
  projectId: string;
  issueNumber: number;
  pmIssueType: number;
  title: string;
  authorId: string;
  assigneeId: string | null;
  status: number;
}

/**
 * The event of a work item created (`before` null), edited, or commented on (`comment`): a new
 * assignee is told directly, `@login`s in the comment or the new description are mentions, and
 * watchers hear of a comment or a status change.
 */
export function issueActivity(
  enterpriseId: string,
  actorId: string,
  at: string,
  before: IssueFacts | null,
  after: IssueFacts,
  text: { description?: string; comment?: string } = {},
): ActivityEvent {
  const assigned = after.assigneeId && after.assigneeId !== before?.assigneeId ? [after.assigneeId] : [];
  const statusChanged = before !== null && before.status !== after.status;
  const watchedKind: NotificationKind | null =
    text.comment !== undefined ? 'watchedComment' : statusChanged ? 'watchedStatus' : null;
  const quoted = text.comment ?? text.description;
  return {
    enterpriseId,
    actorId,
    at,
    subject: {
      type: 'issue',
      id: after.issueId,
      projectId: after.projectId,
      title: after.title,
      number: after.issueNumber,
      itemKind: after.pmIssueType,
    },
    direct: assigned.length > 0 ? [{ kind: 'assigned', userIds: assigned }] : [],
    ...(quoted ? { mentionText: quoted, excerpt: quoted } : {}),
    ...(watchedKind
      ? { watchers: { kind: watchedKind, defaultWatchers: [after.authorId, after.assigneeId] } }
      : {}),
  };
}

/** A sprint started (or reopened) or completed: every member of its project hears of it. */
export function sprintActivity(
  enterpriseId: string,
  actorId: string,
  at: string,
  sprint: { id: string; pmsProjectId: string; name: string },
  kind: 'sprintStarted' | 'sprintCompleted',
): ActivityEvent {
  return {
    enterpriseId,
    actorId,
    at,
    subject: {
      type: 'sprint',
      id: sprint.id,
      projectId: sprint.pmsProjectId,
      title: sprint.name,
      number: null,
      itemKind: null,
    },
    projectMembers: kind,
  };
}

/** A test sheet given an owner: the owner hears of it. */
export function testSheetActivity(
  enterpriseId: string,
  actorId: string,
  at: string,
  sheet: { id: string; pmsProjectId: string; name: string },
  ownerId: string | null | undefined,
): ActivityEvent {
  return {
    enterpriseId,
    actorId,
    at,
    subject: {
      type: 'testSheet',
      id: sheet.id,
      projectId: sheet.pmsProjectId,
      title: sheet.name,
      number: null,
      itemKind: null,
    },
    direct: [{ kind: 'testSheetAssigned', userIds: [ownerId ?? null] }],
  };
}

/** Members who have not submitted the week's report are reminded (by the system, no actor). */
export function weeklyReminderActivity(
  enterpriseId: string,
  at: string,
  project: { projectId: string; name: string },
  weekStart: string,
  userIds: string[],
): ActivityEvent {
  return {
    enterpriseId,
    actorId: null,
    at,
    subject: {
      type: 'weekly',
      id: `${project.projectId}.${weekStart}`,
      projectId: project.projectId,
      title: `${project.name}: weekly report of the week of ${weekStart}`,
      number: null,
      itemKind: null,
    },
    direct: [{ kind: 'weeklyReminder', userIds }],
  };
}

/** Requirement statuses that wait for a review: pending review (1) and changed (6), both kinds. */
const AWAITING_REVIEW: readonly number[] = [1, 6];

/** Whether an item moving from `before` (null: new) to `after` starts waiting for a review. */
export function startsWaitingForReview(before: number | null, after: number): boolean {
  return AWAITING_REVIEW.includes(after) && (before === null || !AWAITING_REVIEW.includes(before));
}

/**
 * A spec or user requirement that now waits for review (created, resubmitted after a rejection,
 * or changed) when it did not before: the product's reviewers are asked. Null when nobody is to
 * be asked (it waited already, or the product chose no reviewers: then every member may review,
 * and telling them all of every item would be noise).
 */
export function reviewRequestedActivity(
  enterpriseId: string,
  actorId: string,
  at: string,
  item: { type: 'spec' | 'userRequirement'; id: string; number: number; title: string },
  statuses: { before: number | null; after: number },
  reviewerIds: readonly string[],
): ActivityEvent | null {
  if (!startsWaitingForReview(statuses.before, statuses.after) || reviewerIds.length === 0) return null;
  return {
    enterpriseId,
    actorId,
    at,
    subject: {
      type: item.type,
      id: item.id,
      projectId: null,
      title: item.title,
      number: item.number,
      itemKind: null,
    },
    direct: [{ kind: 'reviewRequested', userIds: [...reviewerIds] }],
  };
}
