/**
 * Mentions: `@login` in a work item's description or comment names that member (logins are
 * lower-case letters, digits, dot, dash and underscore, starting and ending with a letter or a
 * digit). Matched case-insensitively; an e-mail address (`ana@example.com`) is no mention, since
 * the `@` follows a word character there. Text in code spans and fenced blocks is left out, so a
 * snippet quoting `@Override` or a decorator names nobody.
 */

const FENCED_BLOCK = /```[\s\S]*?(```|$)|~~~[\s\S]*?(~~~|$)/g;
const CODE_SPAN = /`[^`\n]*`/g;
const MENTION = /(^|[^\w@.`/])@([a-z0-9][a-z0-9_.-]{1,38}[a-z0-9])(?!\w)/gi;

/** The logins `text` mentions, lower-cased, each once. */
export function mentionedLogins(text: string): Set<string> {
  const found = new Set<string>();
  if (!text.includes('@')) return found;
  const prose = text.replace(FENCED_BLOCK, ' ').replace(CODE_SPAN, ' ');
  for (const match of prose.matchAll(MENTION)) found.add(match[2]!.toLowerCase());
  return found;
}
