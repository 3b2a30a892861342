/**
 * The issues group's background work (core/jobs): the settle job that folds counts, fills dead
 * change numbers and takes list snapshots (modules/issues/settle.ts). Declared in the manifest.
 */
import { settleJob } from './settle';

export const issuesBackground = [settleJob] as const;
