/**
 * Iterations (`/api/pms/{identifier}/pmsProjectSprint/...`): sprints of a project, their work
 * items, completion with leftover handling, the burn-down and statistics. The state machine:
 * shared/src/domain/sprint-workflow.ts. Calls and rules: docs/api-conventions.md, "Iterations".
 */
import * as z from 'zod';
import { ITERATION_COMPLETION_CHOICE, MAX_SPRINT_DAYS } from '../domain/sprint-workflow';
import { DateSchema, IdSchema, optionalText, PageQuerySchema, text, VersionSchema } from './common';
import { IssueRefSchema, MAX_BATCH_ISSUES } from './issues';
import { UserSummarySchema } from './projects';

const dayCount = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
const datesFit = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate ||
  !v.endDate ||
  (v.startDate <= v.endDate && dayCount(v.startDate, v.endDate) <= MAX_SPRINT_DAYS);
const DATES_FIT = {
  message: `endDate must be on or after startDate, at most ${MAX_SPRINT_DAYS} days on`,
  path: ['endDate'],
};
const RequiredDate = (label: string) => DateSchema(label).unwrap();

export const SprintBodySchema = z
  .object({
    pmsProjectId: IdSchema('pmsProjectId'),
    name: text('sprint name', 80),
    goal: optionalText('goal', 2000),
    startDate: RequiredDate('startDate'),
    endDate: RequiredDate('endDate'),
  })
  .refine(datesFit, DATES_FIT);
export type SprintBody = z.infer<typeof SprintBodySchema>;

/**
 * `PUT pmsProjectSprint/{id}`: edit name, goal and dates, and `status: 1` to start a sprint that
 * has not started or to reopen a closed one (the workflow decides which; 409 otherwise).
 * Completing has its own call, because it must say what happens to unfinished items.
 */
export const SprintUpdateBodySchema = z
  .object({
    version: VersionSchema,
    name: text('sprint name', 80).optional(),
    goal: optionalText('goal', 2000),
    startDate: RequiredDate('startDate').optional(),
    endDate: RequiredDate('endDate').optional(),
    status: z
      .literal(1, { error: 'status may only be 1 (start or reopen); complete with the complete call' })
      .optional(),
    /**
     * With `status: 1`: start although another sprint is in progress or the start date is two
     * days or more away (the caller has asked the user); without it such a start is 409.
     */
    confirmStart: z.boolean({ error: 'confirmStart must be true or false' }).optional(),
  })
  .refine(datesFit, DATES_FIT);
export type SprintUpdateBody = z.infer<typeof SprintUpdateBodySchema>;

export const SprintListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  /** 0 not started, 1 in progress, 2 closed; all when absent. */
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export type SprintListQuery = z.infer<typeof SprintListQuerySchema>;

/** `PUT pmsProjectSprint/{id}/issues`: plan items into the sprint and take others out, all or nothing. */
export const SprintIssuesBodySchema = z
  .object({
    add: z
      .array(IdSchema('add'))
      .max(MAX_BATCH_ISSUES, `add may hold at most ${MAX_BATCH_ISSUES} items`)
      .default([]),
    remove: z
      .array(IdSchema('remove'))
      .max(MAX_BATCH_ISSUES, `remove may hold at most ${MAX_BATCH_ISSUES} items`)
      .default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, {
    message: 'Please enter add or remove',
    path: ['add'],
  })
  // Each item is written with its history in one transaction: 40 items in all, not 40 each.
  .refine((b) => b.add.length + b.remove.length <= MAX_BATCH_ISSUES, {
    message: `add and remove may hold at most ${MAX_BATCH_ISSUES} items together`,
    path: ['add'],
  });
export type SprintIssuesBody = z.infer<typeof SprintIssuesBodySchema>;

/** `PUT pmsProjectSprint/{id}/complete`: what happens to unfinished items (section 4's choices). */
export const CompleteSprintBodySchema = z
  .object({
    version: VersionSchema,
    choice: z.union(
      [
        z.literal(ITERATION_COMPLETION_CHOICE.finishAll),
        z.literal(ITERATION_COMPLETION_CHOICE.unlinkAll),
        z.literal(ITERATION_COMPLETION_CHOICE.moveToIteration),
      ],
      { error: 'choice must be 1 (finish all), 2 (unlink all) or 3 (move to another sprint)' },
    ),
    /** Required with choice 3: a not-started or in-progress sprint of the same project. */
    targetSprintId: IdSchema('targetSprintId').optional(),
  })
  .refine((b) => b.choice !== 3 || b.targetSprintId, {
    message: 'Please enter targetSprintId',
    path: ['targetSprintId'],
  });
export type CompleteSprintBody = z.infer<typeof CompleteSprintBodySchema>;

// ---- answers ------------------------------------------------------------------------------------

export const BurnDownDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Unfinished items in the sprint at the end of the day; null for days still ahead. */
  remaining: z.number().int().nullable(),
  /** Their estimated hours (items without an estimate count 0); null for days ahead. */
  remainingEstimate: z.number().nullable(),
  /** The ideal line from the scope committed at the start down to 0 on the last day. */
  ideal: z.number(),
  idealEstimate: z.number(),
  /** Items that entered, left or were finished that day. */
  added: z.number().int(),
  removed: z.number().int(),
  finished: z.number().int(),
});

export const BurnDownSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    days: z.array(BurnDownDaySchema),
    /** True when this is the snapshot taken when the sprint was completed. */
    snapshot: z.boolean(),
  })
  .meta({ id: 'BurnDown' });
export type BurnDown = z.infer<typeof BurnDownSchema>;

const CountSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });

export const SprintStatisticsSchema = z
  .object({
    total: z.number().int(),
    finished: z.number().int(),
    unfinished: z.number().int(),
    /** finished / total, 0..1 (0 for an empty sprint). */
    completionRate: z.number(),
    /** For a completed sprint: items carried over (unlinked or moved) / total at completion; else 0. */
    carryOverRate: z.number(),
    byStatus: z.array(CountSchema.extend({ pmIssueType: z.number().int() })),
    byKind: z.array(CountSchema),
    /** The load per assignee: items and estimated hours, unfinished ones apart (`null` user: unassigned). */
    byAssignee: z.array(
      z.object({
        user: UserSummarySchema.nullable(),
        count: z.number().int(),
        unfinished: z.number().int(),
        estimatedHours: z.number(),
        unfinishedEstimatedHours: z.number(),
      }),
    ),
  })
  .meta({ id: 'SprintStatistics' });
export type SprintStatistics = z.infer<typeof SprintStatisticsSchema>;

/** What a completion recorded, kept with the sprint so later moves never rewrite it. */
export const SprintCompletionSchema = z
  .object({
    completedAt: z.string(),
    completedBy: UserSummarySchema,
    choice: z.number().int(),
    /** Items finished in the sprint (including those finished by choice 1). */
    finished: z.array(IssueRefSchema),
    /** Unfinished items and where they went: a sprint (choice 3) or none (choice 2). */
    carriedOver: z.array(
      z.object({
        issue: IssueRefSchema,
        toSprintId: z.string().nullable(),
        toSprintName: z.string().nullable(),
      }),
    ),
    burnDown: BurnDownSchema,
    statistics: SprintStatisticsSchema,
  })
  .meta({ id: 'SprintCompletion' });
export type SprintCompletion = z.infer<typeof SprintCompletionSchema>;

export const SprintSchema = z
  .object({
    id: z.string(),
    pmsProjectId: z.string(),
    name: z.string(),
    goal: z.string(),
    /** 0 not started, 1 in progress, 2 closed. */
    status: z.number().int(),
    statusName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    /** Items in the sprint now; for a closed sprint, what it held when completed. */
    issueCount: z.number().int(),
    finishedCount: z.number().int(),
    estimatedHours: z.number(),
    creator: UserSummarySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Sprint' });
export type Sprint = z.infer<typeof SprintSchema>;

export const SprintDetailSchema = SprintSchema.extend({
  /** The last completion's record; null while it was never completed. */
  completion: SprintCompletionSchema.nullable(),
}).meta({ id: 'SprintDetail' });
export type SprintDetail = z.infer<typeof SprintDetailSchema>;
