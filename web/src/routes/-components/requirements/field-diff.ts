/**
 * How a changed field of a tracking record reads: short values as "before → after", long text
 * (a description, acceptance criteria) as a word diff, struck-through removals and added words.
 */
import type { FieldChange } from '@shared/schemas/requirements';
import { diffWords } from 'diff';

/** Fields that hold prose: always shown as a word diff, whatever their length. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['description', 'acceptance']);
/** A short value longer than this (or over several lines) reads better as a word diff too. */
const MAX_SHORT_LENGTH = 80;
export const EMPTY_VALUE = 'none';

export type DiffSegment = { kind: 'same' | 'added' | 'removed'; text: string };

export function isLongChange(change: FieldChange): boolean {
  if (TEXT_FIELDS.has(change.field)) return true;
  return [change.before, change.after].some(
    (value) => value !== null && (value.length > MAX_SHORT_LENGTH || value.includes('\n')),
  );
}

/** A short value as shown: empty values read "none". */
export function shortValue(value: string | null): string {
  const text = (value ?? '').trim();
  return text === '' ? EMPTY_VALUE : text;
}

/**
 * The word diff of two texts as segments in reading order: removals before the additions that
 * replace them, neighbouring segments of the same kind merged.
 */
export function diffSegments(before: string | null, after: string | null): DiffSegment[] {
  const segments: DiffSegment[] = [];
  for (const change of diffWords(before ?? '', after ?? '')) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = segments.at(-1);
    if (last && last.kind === kind) last.text += change.value;
    else if (change.value !== '') segments.push({ kind, text: change.value });
  }
  return segments;
}

/** How many words were taken out and put in: the summary line over a long diff. */
export function diffStats(segments: readonly DiffSegment[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  let added = 0;
  let removed = 0;
  for (const segment of segments) {
    if (segment.kind === 'added') added += words(segment.text);
    if (segment.kind === 'removed') removed += words(segment.text);
  }
  return { added, removed };
}
