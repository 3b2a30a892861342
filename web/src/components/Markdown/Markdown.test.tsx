import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Markdown, toggleTask } from './Markdown';

function html(markdown: string): HTMLElement {
  return renderWithProviders(<Markdown>{markdown}</Markdown>).container;
}

describe('Markdown', () => {
  it('renders markdown', () => {
    const container = html('# Plan\n\nShip **soon**, see [the board](https://example.com/board).');
    // Headings move two levels down, below the page's own.
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h3')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('soon');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/board');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('does not render raw HTML', () => {
    const container = html(
      'Hello <script>window.pwned = true</script>\n\n<img src="x" onerror="window.pwned = true">\n\n<b onclick="x()">bold</b>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(container.textContent).toContain('Hello');
  });

  it('empties javascript: and other unsafe link targets', () => {
    const container = html(
      '[click](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox)\n\n<javascript:alert(2)>',
    );
    // The links stay readable as text, but nothing can be followed or run.
    expect(container.textContent).toContain('click');
    expect(container.querySelectorAll('a')).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
  });
});

describe('GitHub-flavoured markdown', () => {
  it('renders tables, task lists, strikethrough and autolinks', () => {
    const container = html(
      '| A | B |\n| - | - |\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\n~~gone~~ https://example.com',
    );
    expect(container.querySelector('table td')?.textContent).toBe('1');
    const boxes = container.querySelectorAll<HTMLInputElement>('input[type=checkbox]');
    expect([...boxes].map((box) => box.checked)).toEqual([false, true]);
    // Without onToggleTask the reader may not tick them.
    expect([...boxes].every((box) => box.disabled)).toBe(true);
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('toggles the n-th task box in the text, outside code', () => {
    const text = '- [ ] one\n```\n- [ ] in code\n```\n* [x] two\n1. [ ] three';
    expect(toggleTask(text, 1, false)).toBe('- [ ] one\n```\n- [ ] in code\n```\n* [ ] two\n1. [ ] three');
    expect(toggleTask(text, 2, true)).toBe('- [ ] one\n```\n- [ ] in code\n```\n* [x] two\n1. [x] three');
    expect(toggleTask(text, 0, true)).toBe('- [x] one\n```\n- [ ] in code\n```\n* [x] two\n1. [ ] three');
  });
});
