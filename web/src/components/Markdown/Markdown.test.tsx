import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Markdown, toggleTask } from './Markdown';

/** The first import of the renderer transforms react-markdown and its tree: seconds on a busy machine. */
const RENDERER_LOADED = { timeout: 15_000 };

/** The rendered markdown, once the lazily loaded renderer has replaced the plain text. */
async function html(markdown: string): Promise<HTMLElement> {
  const { container } = renderWithProviders(<Markdown>{markdown}</Markdown>);
  await waitFor(
    () => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(),
    RENDERER_LOADED,
  );
  return container;
}

describe('Markdown', () => {
  it('shows the text as written until the renderer has loaded, then renders it', async () => {
    const { container } = renderWithProviders(<Markdown>{'Ship **soon**\n\n- [ ] agree'}</Markdown>);
    const plain = container.querySelector('[data-markdown="plain"]');
    expect(plain?.textContent).toBe('Ship **soon**\n\n- [ ] agree');
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('soon'), RENDERER_LOADED);
    expect(container.querySelector('[data-markdown="plain"]')).toBeNull();
  });

  it('renders markdown', async () => {
    const container = await html('# Plan\n\nShip **soon**, see [the board](https://example.com/board).');
    // Headings move two levels down, below the page's own.
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h3')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('soon');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/board');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('does not render raw HTML', async () => {
    const container = await html(
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

  it('empties javascript: and other unsafe link targets', async () => {
    const container = await html(
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
  it('renders tables, task lists, strikethrough and autolinks', async () => {
    const container = await html(
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
