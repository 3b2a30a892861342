/** The states a pipeline's run, job and step go through (pipeline-run.ts holds the rules on them). */

/** A run's states; a run that has ended never changes again. */
export const RUN_STATES = ['queued', 'running', 'succeeded', 'failed', 'stopped'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** A job's or a step's states: a run's, and `skipped` for work that never started (a stage after a failure). */
export const JOB_STATES = [...RUN_STATES, 'skipped'] as const;
export type JobState = (typeof JOB_STATES)[number];
