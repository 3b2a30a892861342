import { describe, expect, it } from 'vitest';
import { mentionedLogins } from './mentions';

const logins = (text: string) => [...mentionedLogins(text)].sort();

describe('mentionedLogins', () => {
  it('finds @login at the start, after spaces and punctuation, lower-cased and once', () => {
    expect(logins('@ana please look, (@Bob_2) and @ana again.')).toEqual(['ana', 'bob_2']);
  });

  it('ends a login at a trailing dot, dash or comma', () => {
    expect(logins('Thanks @li.wei. Ask @dana-k- or @eve,')).toEqual(['dana-k', 'eve', 'li.wei']);
  });

  it('leaves e-mail addresses, paths and code alone', () => {
    expect(logins('Mail ana@example.com or see /docs/@scope/pkg')).toEqual([]);
    expect(logins('Use `@Override` here\n```ts\n@Component()\n```\nthen @carol')).toEqual(['carol']);
  });

  it('needs at least three characters, as logins do', () => {
    expect(logins('@ab @abc')).toEqual(['abc']);
  });

  it('answers nothing for text without an @', () => {
    expect(logins('No mentions here')).toEqual([]);
  });
});
