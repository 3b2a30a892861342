import { describe, expect, it } from 'vitest';
import { diffTexts } from './DiffView';
import { linkIssueMentions } from './DocMarkdown';
import { mergePage } from './merge';
import { insertBlock, prefixLines, wrapSelection } from './toolbar';

const issue = (number: number, id: string) => ({
  kind: 'issue' as const,
  id,
  title: `Item ${number}`,
  number,
  projectId: 'p1',
  productId: null,
  pmIssueType: 3,
});

describe('merging a page that someone else saved meanwhile', () => {
  const base = 'Intro\n\nStep one\n\nStep two\n\nOutro';

  it('combines changes to different lines', () => {
    const mine = 'Intro, revised\n\nStep one\n\nStep two\n\nOutro';
    const theirs = 'Intro\n\nStep one\n\nStep two\n\nOutro, longer';
    expect(mergePage(base, mine, theirs)).toEqual({
      text: 'Intro, revised\n\nStep one\n\nStep two\n\nOutro, longer',
      conflict: false,
    });
  });

  it('marks lines both changed, keeping both versions', () => {
    const merged = mergePage(
      base,
      'Intro\n\nStep 1 (mine)\n\nStep two\n\nOutro',
      'Intro\n\nStep 1 (theirs)\n\nStep two\n\nOutro',
    );
    expect(merged.conflict).toBe(true);
    expect(merged.text).toContain('Step 1 (mine)');
    expect(merged.text).toContain('Step 1 (theirs)');
    expect(merged.text).toMatch(/<<<<<<<[^\n]*your change/);
  });
});

describe('the toolbar', () => {
  it('wraps the selection', () => {
    expect(wrapSelection('make it bold now', 8, 12, '**')).toEqual({
      text: 'make it **bold** now',
      selectionStart: 10,
      selectionEnd: 14,
    });
  });

  it('starts every selected line', () => {
    expect(prefixLines('a\nb\nc', 2, 5, '- ').text).toBe('a\n- b\n- c');
  });

  it('puts a block on its own paragraph', () => {
    expect(insertBlock('Text', 4, 4, '| a |').text).toBe('Text\n\n| a |\n');
  });
});

describe('#123 in a page', () => {
  it('links resolved work items outside code, and leaves the rest alone', () => {
    const out = linkIssueMentions('See #12 and #99.\n\n`#12` stays\n\n```\n#12\n```', 'acme', [
      issue(12, 'i12'),
    ]);
    expect(out).toContain('[#12](/acme/projects/p1/bug/i12 "Item 12")');
    expect(out).toContain('#99.');
    expect(out).toContain('`#12` stays');
    expect(out).toContain('```\n#12\n```');
  });
});

describe('diffs of prose', () => {
  it('marks the words that changed inside a line', () => {
    const changes = diffTexts('Reviews answer within two days.', 'Reviews answer within one working day.');
    const removed = changes.filter((c) => c.removed).map((c) => c.value.trim());
    const added = changes.filter((c) => c.added).map((c) => c.value.trim());
    expect(removed.join(' ')).toBe('two days');
    expect(added.join(' ')).toBe('one working day');
    // What did not change stays plain.
    expect(changes[0]).toMatchObject({ value: 'Reviews answer within ', added: false, removed: false });
  });
});
