/** How journal entries read: history lines ("Status: Pending → In progress") and feed actions. */
import type { Journal, JournalDetail } from '@shared/schemas/issues';

const EMPTY = 'none';
const MAX_VALUE_LENGTH = 60;
/** Fields whose values are long text: the history says that they changed, not what to. */
const TEXT_FIELDS = new Set(['description']);

function shorten(value: string | null): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return EMPTY;
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** One changed field: `Status: Pending → In progress`, `Assignee: none → Alice`. */
export function formatJournalDetail(detail: JournalDetail): string {
  const label = detail.label || detail.field;
  if (TEXT_FIELDS.has(detail.field)) return `${label} changed`;
  return `${label}: ${shorten(detail.oldValue)} → ${shorten(detail.newValue)}`;
}

/** The first few changes of an entry on one line, and how many more there are. */
export function summarizeDetails(details: readonly JournalDetail[], max = 2): string {
  const shown = details.slice(0, max).map(formatJournalDetail).join('; ');
  const more = details.length - max;
  return more > 0 ? `${shown} (+${more} more)` : shown;
}

/** The verb of an activity-feed entry: "created", "updated", "commented on", "deleted". */
export function journalAction(kind: Journal['kind']): string {
  switch (kind) {
    case 'created':
      return 'created';
    case 'comment':
      return 'commented on';
    case 'deleted':
      return 'deleted';
    default:
      return 'updated';
  }
}
