/** What a toolbar button does to the text: wrap the selection, or start each selected line. */
export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export function wrapSelection(
  value: string,
  start: number,
  end: number,
  before: string,
  after = before,
): Edit {
  const selected = value.slice(start, end) || 'text';
  const text = `${value.slice(0, start)}${before}${selected}${after}${value.slice(end)}`;
  return {
    text,
    selectionStart: start + before.length,
    selectionEnd: start + before.length + selected.length,
  };
}

export function prefixLines(value: string, start: number, end: number, prefix: string): Edit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end) || '';
  const prefixed = block
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
  const text = `${value.slice(0, lineStart)}${prefixed}${value.slice(end)}`;
  return { text, selectionStart: lineStart, selectionEnd: lineStart + prefixed.length };
}

export function insertBlock(value: string, start: number, end: number, block: string): Edit {
  const before = value.slice(0, start);
  const gap = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const text = `${before}${gap}${block}\n${value.slice(end)}`;
  const at = before.length + gap.length + block.length + 1;
  return { text, selectionStart: at, selectionEnd: at };
}

export const TABLE_TEMPLATE = '| Column | Column |\n| ------ | ------ |\n| Cell   | Cell   |';
export const CODE_TEMPLATE = '```ts\ncode\n```';
