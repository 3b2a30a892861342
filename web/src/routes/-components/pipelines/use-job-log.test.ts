import type { JobLog } from '@shared/schemas/pipelines-runs';
import { describe, expect, it } from 'vitest';
import { appendAnswer, type LogLine, stepSections } from './use-job-log';

const answer = (offset: number, text: string, gaps: JobLog['gaps'] = []): JobLog => ({
  offset,
  nextOffset: offset + text.length + gaps.reduce((sum, g) => sum + g.length, 0),
  text,
  gaps,
  complete: false,
  status: 'running',
});

const texts = (lines: LogLine[]) => lines.map((l) => (l.kind === 'gap' ? `<gap ${l.missing}>` : l.text));

describe('appendAnswer', () => {
  it('joins a line split across two answers', () => {
    let state = appendAnswer([], '', answer(0, 'one\ntw'));
    expect(texts(state.lines)).toEqual(['one']);
    expect(state.partial).toBe('tw');
    state = appendAnswer(state.lines, state.partial, answer(6, 'o\nthree\n'));
    expect(texts(state.lines)).toEqual(['one', 'two', 'three']);
    expect(state.partial).toBe('');
  });

  it('puts a marker line where the server says characters are missing', () => {
    // "abc\n" then 10 lost characters, then "def\n": the text holds only what is around the gap.
    const state = appendAnswer([], '', answer(0, 'abc\nxxdef\n', [{ at: 6, length: 10 }]));
    expect(texts(state.lines)).toEqual(['abc', 'xx', '<gap 10>', 'def']);
  });
});

describe('stepSections', () => {
  it('cuts the log at each step header, in order', () => {
    const lines: LogLine[] = ['▶ build', '$ make', 'ok', '[Exit code 0]', '▶ test', 'fail'].map((text) => ({
      kind: 'text',
      text,
    }));
    const [build, test] = stepSections(lines, ['build', 'test']);
    expect(texts(build ?? [])).toEqual(['▶ build', '$ make', 'ok', '[Exit code 0]']);
    expect(texts(test ?? [])).toEqual(['▶ test', 'fail']);
  });
});
