/**
 * A cloud job's log, read from the CloudWatch Logs stream its CodeBuild build writes
 * (docs/pipelines.md "Cloud engine"). An offset is an event's index in the stream (the local
 * engine's is a character): the reader asks again from `nextOffset` either way. CloudWatch keeps
 * every event it accepted, in order, so a stream has no holes; the one gap there can be is a
 * stream that expired with its log group's retention, which answers as one gap from the offset.
 */
import {
  CloudWatchLogsClient,
  FilterLogEventsCommand,
  GetLogEventsCommand,
  type GetLogEventsCommandOutput,
} from '@aws-sdk/client-cloudwatch-logs';
import type { CloudBuildRef } from '../store/runs';

let client: CloudWatchLogsClient | undefined;
export const logsClient = () => (client ??= new CloudWatchLogsClient({}));

/** At most this many events in one answer (GetLogEvents gives up to 10,000 per page). */
export const MAX_EVENTS_PER_READ = 2_000;

export interface CloudLogRead {
  text: string;
  /** The index of the event after the last one answered. */
  nextOffset: number;
  /** The events the stream holds so far, as far as this read looked (at least nextOffset). */
  end: number;
  /** The stream does not exist (not yet written, or expired). */
  missing: boolean;
}

/**
 * The events from index `offset` on, up to MAX_EVENTS_PER_READ. GetLogEvents pages forward from
 * the head; the events before the offset are skipped page by page (a long log costs a page per
 * 10,000 events before the offset, which a reader following a job never has: it asks from the end).
 */
export async function readCloudLog(build: CloudBuildRef, offset: number): Promise<CloudLogRead> {
  if (!build.logGroup || !build.logStream) return { text: '', nextOffset: offset, end: 0, missing: true };
  let seen = 0;
  let token: string | undefined;
  let text = '';
  for (;;) {
    let page: GetLogEventsCommandOutput;
    try {
      page = await logsClient().send(
        new GetLogEventsCommand({
          logGroupName: build.logGroup,
          logStreamName: build.logStream,
          startFromHead: true,
          ...(token ? { nextToken: token } : {}),
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException')
        return { text: '', nextOffset: offset, end: 0, missing: true };
      throw error;
    }
    const events = page.events ?? [];
    for (const event of events) {
      if (seen >= offset && seen < offset + MAX_EVENTS_PER_READ) text += event.message ?? '';
      seen += 1;
    }
    const full = seen >= offset + MAX_EVENTS_PER_READ;
    // The same token back means the end of the stream as it is now.
    if (full || events.length === 0 || !page.nextForwardToken || page.nextForwardToken === token) {
      return { text, nextOffset: Math.min(seen, offset + MAX_EVENTS_PER_READ), end: seen, missing: false };
    }
    token = page.nextForwardToken;
  }
}

/** The lines of a finished build's log that say how each step ended (and the commit checked out). */
export async function readEndLines(build: CloudBuildRef): Promise<string[]> {
  if (!build.logGroup || !build.logStream) return [];
  const lines: string[] = [];
  let token: string | undefined;
  do {
    const page = await logsClient().send(
      new FilterLogEventsCommand({
        logGroupName: build.logGroup,
        logStreamNames: [build.logStream],
        filterPattern: '?"[Exit code" ?"[Timed out after" ?"[Checked out"',
        ...(token ? { nextToken: token } : {}),
      }),
    );
    for (const event of page.events ?? []) lines.push(...(event.message ?? '').split('\n').filter(Boolean));
    token = page.nextToken;
  } while (token);
  return lines;
}
