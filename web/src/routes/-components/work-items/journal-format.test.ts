import type { JournalDetail } from '@shared/schemas/issues';
import { describe, expect, it } from 'vitest';
import { formatJournalDetail, journalAction, summarizeDetails } from './journal-format';

const detail = (
  field: string,
  label: string,
  oldValue: string | null,
  newValue: string | null,
): JournalDetail => ({
  field,
  label,
  oldValue,
  newValue,
});

describe('journal formatting', () => {
  it('writes a change as "Label: old → new"', () => {
    expect(formatJournalDetail(detail('status', 'Status', 'Pending', 'In progress'))).toBe(
      'Status: Pending → In progress',
    );
    expect(formatJournalDetail(detail('assigneeId', 'Assignee', null, 'Alice'))).toBe(
      'Assignee: none → Alice',
    );
    expect(formatJournalDetail(detail('endDate', 'End date', '2026-11-20', ''))).toBe(
      'End date: 2026-11-20 → none',
    );
  });

  it('falls back to the field name and shortens long values', () => {
    expect(formatJournalDetail(detail('estimatedHours', '', '2', '4'))).toBe('estimatedHours: 2 → 4');
    const long = `${'word '.repeat(30)}end`;
    const text = formatJournalDetail(detail('title', 'Title', 'Short', long));
    expect(text.startsWith('Title: Short → word word')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThan(90);
  });

  it('says that the description changed, not what to', () => {
    expect(formatJournalDetail(detail('description', 'Description', 'a long text', 'another'))).toBe(
      'Description changed',
    );
  });

  it('summarizes the first changes and counts the rest', () => {
    const details = [
      detail('status', 'Status', 'To fix', 'Fixing'),
      detail('priority', 'Priority', 'Normal', 'Urgent'),
      detail('tagIds', 'Tags', null, 'backend, customer'),
    ];
    expect(summarizeDetails(details)).toBe('Status: To fix → Fixing; Priority: Normal → Urgent (+1 more)');
    expect(summarizeDetails(details.slice(0, 1))).toBe('Status: To fix → Fixing');
  });

  it('names the action of a feed entry', () => {
    expect(journalAction('created')).toBe('created');
    expect(journalAction('updated')).toBe('updated');
    expect(journalAction('comment')).toBe('commented on');
    expect(journalAction('deleted')).toBe('deleted');
  });
});
