/**
 * Attempts before a job is given up: the local queue's limit and the cloud queue's
 * maxReceiveCount (infra/lib/constructs/api.ts), in a file of its own so the stack can read it
 * without loading the functions' configuration.
 */
export const MAX_JOB_ATTEMPTS = 5;
