import { describe, expect, it } from 'vitest';
import { diffSegments, diffStats, isLongChange, shortValue } from './field-diff';

const change = (field: string, before: string | null, after: string | null) => ({
  field,
  label: field,
  before,
  after,
});

describe('diffSegments', () => {
  it('keeps the common words and marks the replaced ones, removal first', () => {
    expect(diffSegments('Export the report as CSV', 'Export the report as PDF')).toEqual([
      { kind: 'same', text: 'Export the report as ' },
      { kind: 'removed', text: 'CSV' },
      { kind: 'added', text: 'PDF' },
    ]);
  });

  it('treats a missing value as empty text', () => {
    expect(diffSegments(null, 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
    expect(diffSegments('Old text', null)).toEqual([{ kind: 'removed', text: 'Old text' }]);
    expect(diffSegments(null, null)).toEqual([]);
  });

  it('gives back both texts: same and added parts make the new one, same and removed the old words', () => {
    const before = 'Users sign in with a password.\n\nThey stay signed in for a day.';
    const after = 'Users sign in with a password or a passkey.\n\nThey stay signed in for a week.';
    const segments = diffSegments(before, after);
    const join = (skip: string) =>
      segments
        .filter((s) => s.kind !== skip)
        .map((s) => s.text)
        .join('');
    // Common parts carry the new text's spacing (jsdiff's diffWords), so the old one is compared by its words.
    const words = (text: string) => text.replace(/\s+/g, '');
    expect(words(join('added'))).toBe(words(before));
    expect(join('removed')).toBe(after);
    // Neighbours of one kind are merged.
    for (let i = 1; i < segments.length; i++) {
      expect(segments[i]?.kind).not.toBe(segments[i - 1]?.kind);
    }
  });
});

describe('diffStats', () => {
  it('counts the words taken out and put in', () => {
    expect(diffStats(diffSegments('a quick brown fox', 'a slow red fox jumps'))).toEqual({
      added: 3,
      removed: 2,
    });
  });
});

describe('isLongChange', () => {
  it('shows prose fields as a diff, whatever their length', () => {
    expect(isLongChange(change('description', 'a', 'b'))).toBe(true);
    expect(isLongChange(change('acceptance', null, 'b'))).toBe(true);
  });

  it('shows short values as before → after, and long or multi-line ones as a diff', () => {
    expect(isLongChange(change('priority', 'High', 'Urgent'))).toBe(false);
    expect(isLongChange(change('title', 'Short', 'x'.repeat(81)))).toBe(true);
    expect(isLongChange(change('title', 'one\ntwo', 'one'))).toBe(true);
  });
});

describe('shortValue', () => {
  it('names empty values', () => {
    expect(shortValue(null)).toBe('none');
    expect(shortValue('  ')).toBe('none');
    expect(shortValue(' High ')).toBe('High');
  });
});
