/**
 * Runs of a pipeline (`/api/pms/{identifier}/pipelines/{id}/...`): start with parameters, stop,
 * rerun, the run records, a run's results (stages, jobs and steps with their states) and a job's
 * log read from an offset, so a page follows it while it grows. Rules: docs/pipelines.md "Runs".
 */
import * as z from 'zod';
import { JOB_STATES, RUN_STATES, RUN_TRIGGERS } from '../domain/pipeline-run';
import { PageQuerySchema } from './common';
import { IssueRefSchema } from './issues';
import { UserSummarySchema } from './projects';

const ParameterValueSchema = z.union([z.string().max(2000), z.number(), z.boolean()]);

export const RunStartBodySchema = z.object({
  parameters: z
    .record(z.string().max(48), ParameterValueSchema, {
      error: 'parameters must map parameter names to values',
    })
    .optional()
    .meta({ description: "Values of the definition's parameters; left out: their defaults" }),
  branch: z
    .string({ error: 'branch must be a string' })
    .trim()
    .min(1, 'branch must name a branch')
    .max(200)
    .optional()
    .meta({ description: "The branch to build at its newest commit; left out: the repository's default" }),
});
export type RunStartBody = z.infer<typeof RunStartBodySchema>;

export const RerunBodySchema = z.object({
  failedOnly: z
    .boolean({ error: 'The failed-only choice must be true or false' })
    .optional()
    .meta({ description: 'Run only the jobs that did not succeed; the others keep their result' }),
});
export type RerunBody = z.infer<typeof RerunBodySchema>;

export const RunListQuerySchema = PageQuerySchema.extend({
  status: z.enum(RUN_STATES, { error: `status must be one of ${RUN_STATES.join(', ')}` }).optional(),
});
export type RunListQuery = z.infer<typeof RunListQuerySchema>;

export const LogQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0)
    .meta({ description: 'Characters of the log already read (the previous answer’s nextOffset)' }),
});
export type LogQuery = z.infer<typeof LogQuerySchema>;

/** A run as the run records show it. */
export const PipelineRunSchema = z
  .object({
    pipelineId: z.string(),
    /** 1, 2, 3 ... per pipeline. */
    number: z.number().int(),
    status: z.enum(RUN_STATES),
    trigger: z.enum(RUN_TRIGGERS),
    branch: z.string(),
    /** The commit built; null until the checkout has resolved the branch. */
    commit: z.string().nullable(),
    parameters: z.record(z.string(), ParameterValueSchema),
    /** The definition's revision the run follows. */
    revision: z.number().int(),
    rerunOf: z.number().int().nullable(),
    creator: UserSummarySchema.nullable(),
    queuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    /** Why it failed or stopped, when it did. */
    message: z.string(),
  })
  .meta({ id: 'PipelineRun' });
export type PipelineRun = z.infer<typeof PipelineRunSchema>;

export const RunStepSchema = z.object({
  id: z.string(),
  name: z.string(),
  uses: z.string(),
  status: z.enum(JOB_STATES),
  exitCode: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  message: z.string(),
});

export const RunJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  needs: z.array(z.string()),
  status: z.enum(JOB_STATES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** A rerun of failed jobs only: the run whose result this job keeps. */
  reusedFrom: z.number().int().nullable(),
  steps: z.array(RunStepSchema),
});

export const RunStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(JOB_STATES),
  jobs: z.array(RunJobSchema),
});

/** A work item the run's commit mentions (docs/pipelines.md "Work items"). */
export const RunWorkItemSchema = IssueRefSchema.extend({ projectId: z.string() }).meta({
  id: 'PipelineRunWorkItem',
});
export type RunWorkItem = z.infer<typeof RunWorkItemSchema>;

/** `run_results`: the run with its stages, jobs and steps, and the work items its commit mentions. */
export const RunResultsSchema = PipelineRunSchema.extend({
  stages: z.array(RunStageSchema),
  /** Absent until the run's commit is known (a manual run's, once its checkout has read it). */
  workItems: z.array(RunWorkItemSchema).optional(),
}).meta({
  id: 'PipelineRunResults',
});
export type RunResults = z.infer<typeof RunResultsSchema>;
export type RunStage = z.infer<typeof RunStageSchema>;
export type RunJob = z.infer<typeof RunJobSchema>;
export type RunStep = z.infer<typeof RunStepSchema>;

/** A piece of a job's log, from `offset` to `nextOffset` (characters). */
export const JobLogSchema = z
  .object({
    offset: z.number().int(),
    nextOffset: z.number().int(),
    text: z.string(),
    /** Stretches of the log that were lost (text holds what is around them): show a marker. */
    gaps: z.array(z.object({ at: z.number().int(), length: z.number().int() })),
    /** The job has ended and nothing follows nextOffset: stop following. */
    complete: z.boolean(),
    status: z.enum(JOB_STATES),
  })
  .meta({ id: 'PipelineJobLog' });
export type JobLog = z.infer<typeof JobLogSchema>;
