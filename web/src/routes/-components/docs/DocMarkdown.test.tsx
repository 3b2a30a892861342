import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { DocMarkdown, docLinkHref } from './DocMarkdown';

/** The wiki's renderer, given page sources a hostile or careless writer could save. */
async function renderPage(source: string) {
  const rendered = renderWithRouter(
    <div data-testid="page">
      <DocMarkdown identifier="acme">{source}</DocMarkdown>
    </div>,
    { path: '/acme/docs/wiki/enterprise.p1' },
  );
  const page = await screen.findByTestId('page');
  return { ...rendered, page };
}

/** Every attribute of every element under `root`, as `tag name=value`. */
function attributesOf(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map(
      (attribute) => `${element.tagName.toLowerCase()} ${attribute.name}=${attribute.value}`,
    ),
  );
}

const UNSAFE_URL = /=\s*(javascript|data|vbscript):/i;

describe('DocMarkdown: what a page may not smuggle in', () => {
  const hostile = [
    'Before <script>window.hacked = 1</script> after',
    '',
    '<img src="x.png" onerror="window.hacked = 1">',
    '',
    '<div style="position:fixed" onclick="window.hacked = 1">raw block</div>',
    '',
    '<iframe src="https://evil.example"></iframe>',
    '',
    'Inline <b onmouseover="window.hacked = 1">bold html</b> here.',
    '',
    '[plain js](javascript:window.hacked=1) [upper js](JAVASCRIPT:alert(1)) [spaced js]( javascript:alert(1))',
    '',
    '[vb](vbscript:msgbox) [data html](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '',
    '<javascript:alert(1)>',
    '',
    '![js image](javascript:alert(1)) ![data image](data:image/png;base64,iVBORw0KGgo=)',
    '',
    '[ref js][evil]',
    '',
    '[evil]: javascript:alert(1)',
  ].join('\n');

  it('drops raw HTML: no script, iframe, inline handler or style reaches the page', async () => {
    const { page } = await renderPage(hostile);
    expect(page.querySelector('script, iframe, style, object, embed')).toBeNull();
    expect(page.querySelectorAll('b')).toHaveLength(0);
    expect(page.innerHTML).not.toContain('raw block');
    const handlers = attributesOf(page).filter((line) => / on[a-z]+=/.test(line));
    expect(handlers).toEqual([]);
    expect(page.innerHTML).not.toMatch(/onerror|onclick|onmouseover/i);
    // Nothing ran either.
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // The text around the dropped HTML stays.
    expect(page.textContent).toContain('Before');
    expect(page.textContent).toContain('bold html');
  });

  it('empties javascript:, vbscript: and data: targets of links and images', async () => {
    const { page } = await renderPage(hostile);
    expect(attributesOf(page).filter((line) => UNSAFE_URL.test(line))).toEqual([]);
    // The links' text stays, as plain text.
    for (const text of ['plain js', 'upper js', 'spaced js', 'vb', 'data html', 'ref js']) {
      expect(page.textContent).toContain(text);
    }
    for (const anchor of page.querySelectorAll('a')) {
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    // Images with unsafe sources are left out.
    expect(page.querySelectorAll('img')).toHaveLength(0);
  });

  it('keeps ordinary links: in-app ones in the app, others in a new tab without an opener', async () => {
    const { page, router } = await renderPage(
      '[work item](/acme/projects/p1/task/i1) and [elsewhere](https://example.com/x)',
    );
    const outside = screen.getByRole('link', { name: 'elsewhere' });
    expect(outside.getAttribute('href')).toBe('https://example.com/x');
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toContain('noopener');
    const inside = screen.getByRole('link', { name: 'work item' });
    expect(inside.getAttribute('target')).toBeNull();
    fireEvent.click(inside);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/task/i1'));
    expect(page).toBeTruthy();
  });
});

describe('DocMarkdown: doc: links and images', () => {
  it('turns [x](doc:…) into the in-app link to the file, in its own library', async () => {
    const { router } = await renderPage(
      [
        '[the plan](doc:e1.enterprise.f1) and [the project file](doc:e1.p9.f2).',
        '',
        '[broken](doc:../../api/auth/logout) [also broken](doc:javascript:alert(1))',
      ].join('\n'),
    );
    const plan = screen.getByRole('link', { name: 'the plan' });
    expect(plan.getAttribute('href')).toBe('/acme/docs/file/enterprise.f1/preview');
    expect(plan.getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: 'the project file' }).getAttribute('href')).toBe(
      '/acme/projects/p9/docs/file/p9.f2/preview',
    );
    // A doc: target that names no file is text, not a link.
    expect(screen.queryByRole('link', { name: 'broken' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'also broken' })).toBeNull();
    expect(screen.getByText(/also broken/)).toBeTruthy();
    fireEvent.click(plan);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/docs/file/enterprise.f1/preview'));
  });

  it('shows ![x](doc:…) through the download call, and leaves out a malformed one', async () => {
    const { page } = await renderPage('![diagram](doc:e1.enterprise.img1)\n\n![bad](doc:../../x)');
    const images = page.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('alt')).toBe('diagram');
    expect(images[0]!.getAttribute('src')).toContain(
      '/api/file/common/downloadByIdentifier/e1.enterprise.img1?redirect=1',
    );
  });

  it('maps identifiers to addresses (and refuses what is not one)', () => {
    expect(docLinkHref('acme', 'e1.enterprise.f1')).toBe('/acme/docs/file/enterprise.f1/preview');
    expect(docLinkHref('acme', 'e1.p2.f1')).toBe('/acme/projects/p2/docs/file/p2.f1/preview');
    expect(docLinkHref('acme', 'f1')).toBeNull();
    expect(docLinkHref('acme', 'e1.p2/x.f1')).toBeNull();
  });
});

describe('DocMarkdown: code and task lists', () => {
  it('highlights fenced code by its language with highlight.js classes', async () => {
    const { page } = await renderPage('```ts\nconst answer: number = 42;\n```\n\n```\nno language\n```');
    const [typed, plain] = [...page.querySelectorAll('pre code')];
    expect(typed!.className).toContain('hljs');
    expect(typed!.className).toContain('language-ts');
    expect(typed!.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(typed!.querySelector('.hljs-number')?.textContent).toBe('42');
    // No language named, no guessing.
    expect(plain!.querySelectorAll('[class^="hljs-"]')).toHaveLength(0);
  });

  it('renders task lists as disabled checkboxes, ticked where the source says so', async () => {
    await renderPage('- [x] Write the plan\n- [ ] Review it');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
  });
});
