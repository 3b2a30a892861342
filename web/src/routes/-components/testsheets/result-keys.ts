/**
 * Keyboard recording in the case drawer: P passed, F failed, B blocked, S skipped. Keys typed into
 * a field (the note, a search box) are text, never results.
 */
import { TEST_RESULT } from '@shared/domain/testing';

export const RESULT_SHORTCUTS = [
  { key: 'p', result: TEST_RESULT.passed, word: 'pass' },
  { key: 'f', result: TEST_RESULT.failed, word: 'fail' },
  { key: 'b', result: TEST_RESULT.blocked, word: 'block' },
  { key: 's', result: TEST_RESULT.skipped, word: 'skip' },
] as const;

/** The hint next to the result buttons, as one sentence. */
export const SHORTCUT_HINT = `Keys (outside text fields): ${RESULT_SHORTCUTS.map(
  (shortcut) => `${shortcut.key.toUpperCase()} ${shortcut.word}`,
).join(', ')}`;

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/** Whether the element takes typed text (inputs, text areas, selects, editable content). */
export function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null;
}

/** The result a key press records, or null (modifiers held, a repeat, or typing in a field). */
export function resultForKey(event: KeyLike): number | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return null;
  if (isTextField(event.target)) return null;
  const key = event.key.toLowerCase();
  return RESULT_SHORTCUTS.find((shortcut) => shortcut.key === key)?.result ?? null;
}
