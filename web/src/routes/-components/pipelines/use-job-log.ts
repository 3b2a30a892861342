/**
 * Follows a job's log (docs/pipelines.md "Logs"): reads from offset 0, then again from each
 * answer's `nextOffset` about once a second until the answer says `complete`. A stretch the server
 * reports missing (`gaps`) becomes a marker line where it was, never text run together. Starting
 * from 0 on each mount is what lets a reload show the whole log again.
 */
import type { JobLog } from '@shared/schemas/pipelines-runs';
import { useEffect, useState } from 'react';
import { readJobLog } from './queries';

/** How often a running job's log is asked for again. */
export const LOG_POLL_MS = 1_000;

/** A line of the log, or the marker of `missing` characters that were lost. */
export type LogLine = { kind: 'text'; text: string } | { kind: 'gap'; missing: number };

export interface FollowedLog {
  lines: LogLine[];
  /** The job has ended and every line is here. */
  complete: boolean;
  error: string | null;
}

/** One answer's text with its gaps as marker lines, joined to what was read before. */
export function appendAnswer(
  lines: LogLine[],
  partial: string,
  answer: JobLog,
): { lines: LogLine[]; partial: string } {
  const out = [...lines];
  let rest = partial;
  let cursor = 0;
  let position = answer.offset;
  const pushText = (text: string) => {
    const parts = (rest + text).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) out.push({ kind: 'text', text: line });
  };
  for (const gap of answer.gaps) {
    const before = gap.at - position;
    pushText(answer.text.slice(cursor, cursor + before));
    cursor += before;
    // The line cut by the gap ends where the gap starts; the marker stands on its own line.
    if (rest) out.push({ kind: 'text', text: rest });
    rest = '';
    out.push({ kind: 'gap', missing: gap.length });
    position = gap.at + gap.length;
  }
  pushText(answer.text.slice(cursor));
  return { lines: out, partial: rest };
}

/** The lines of the job's log so far; `enabled` false (no job chosen) reads nothing. */
export function useJobLog(pipelineId: string, run: number, job: string | undefined): FollowedLog {
  const [state, setState] = useState<FollowedLog>({ lines: [], complete: false, error: null });

  useEffect(() => {
    setState({ lines: [], complete: false, error: null });
    if (!job) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lines: LogLine[] = [];
    let partial = '';

    async function read(offset: number) {
      try {
        const answer = await readJobLog(pipelineId, run, job as string, offset, controller.signal);
        ({ lines, partial } = appendAnswer(lines, partial, answer));
        const shown: LogLine[] = partial ? [...lines, { kind: 'text', text: partial }] : lines;
        setState({ lines: shown, complete: answer.complete, error: null });
        if (answer.complete) return;
        // More came than one answer holds: ask at once; else wait for the job to write more.
        const wait = answer.nextOffset > offset && answer.text.length >= 512 * 1024 ? 0 : LOG_POLL_MS;
        timer = setTimeout(() => void read(answer.nextOffset), wait);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((prev) => ({ ...prev, error: (error as Error).message || 'The log could not be read' }));
        timer = setTimeout(() => void read(offset), LOG_POLL_MS * 3);
      }
    }

    void read(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [pipelineId, run, job]);

  return state;
}

/** The log cut into the steps' parts: each step's part starts at its header line `▶ name`. */
export function stepSections(lines: LogLine[], headers: string[]): LogLine[][] {
  const sections: LogLine[][] = headers.map(() => []);
  let current = -1;
  let next = 0;
  for (const line of lines) {
    if (line.kind === 'text' && next < headers.length && line.text === `▶ ${headers[next]}`) current = next++;
    if (current >= 0) sections[current]?.push(line);
  }
  return sections;
}
