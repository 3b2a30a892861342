/** The enterprise module's background work (core/jobs): building a data export's archive. */
import { defineJob } from '@core/jobs/jobs';
import { runExport } from './archive';

/** Safe to run twice: runExport starts over, or leaves an ended export alone. */
export const buildExport = defineJob<{ enterpriseId: string; exportId: string }>(
  'enterprise',
  'build-export',
  ({ enterpriseId, exportId }) => runExport(enterpriseId, exportId),
);

export const enterpriseBackground = [buildExport] as const;
