import { describe, expect, it } from 'vitest';
import { resultForKey, SHORTCUT_HINT } from './result-keys';

function press(key: string, target: EventTarget | null, extra: Partial<KeyboardEvent> = {}) {
  return resultForKey({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra });
}

describe('result keys', () => {
  it('maps P, F, B and S to passed, failed, blocked and skipped, either case', () => {
    const button = document.createElement('button');
    expect(['p', 'F', 'b', 'S'].map((key) => press(key, button))).toEqual([1, 2, 3, 4]);
    expect(press('x', button)).toBeNull();
    expect(press('p', document.body)).toBe(1);
  });

  it('leaves keys typed into a field alone', () => {
    const textarea = document.createElement('textarea');
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.append(inside);
    document.body.append(editable);
    expect(press('p', textarea)).toBeNull();
    expect(press('f', input)).toBeNull();
    expect(press('b', inside)).toBeNull();
    editable.remove();
  });

  it('leaves shortcuts with modifiers and held keys alone', () => {
    expect(press('p', document.body, { ctrlKey: true })).toBeNull();
    expect(press('s', document.body, { metaKey: true })).toBeNull();
    expect(press('f', document.body, { repeat: true })).toBeNull();
  });

  it('says what the keys do', () => {
    expect(SHORTCUT_HINT).toBe('Keys (outside text fields): P pass, F fail, B block, S skip');
  });
});
