import { Typography, type TypographyProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * The markdown every page renders: GitHub-flavoured (tables, task lists, strikethrough,
 * autolinks). One list, so descriptions, comments, notices and wiki pages read the same.
 */
export const MARKDOWN_REMARK_PLUGINS = [remarkGfm];

interface MarkdownProps extends TypographyProps {
  /** Markdown written by users (descriptions, comments, the project notice). */
  children: string;
  /**
   * Ticks or unticks the `index`-th task-list box (`- [ ]`) of the text; absent, the boxes show
   * disabled (the reader may not edit the text).
   */
  onToggleTask?: (index: number, checked: boolean) => void;
}

/**
 * The text with its `index`-th task-list box ticked or unticked: `- [ ]` and `- [x]` items are
 * counted in order, outside fenced code, as remark-gfm renders them.
 */
export function toggleTask(markdown: string, index: number, checked: boolean): string {
  let seen = -1;
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const match = /^(\s*(?:[-*+]|\d+[.)])\s+)\[([ xX])\]/.exec(line);
      if (!match) return line;
      seen += 1;
      if (seen !== index) return line;
      return `${match[1]}[${checked ? 'x' : ' '}]${line.slice(match[0].length)}`;
    })
    .join('\n');
}

/**
 * Links leave the app in a new tab, without handing it a reference back to this page. A link whose
 * target the url transform emptied (`javascript:`) is only its text.
 */
function ExternalLink({ node: _node, href, ...props }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) {
  if (!href) return <span>{props.children}</span>;
  return <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow" />;
}

/**
 * Headings move two levels down (# becomes h3): the text sits inside a page that has its own h1
 * and h2, and a description's "# Context" should not outrank them.
 */
const COMPONENTS: Components = {
  a: ExternalLink,
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h5 {...props} />,
  h4: ({ node: _node, ...props }) => <h6 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

/**
 * Renders user-written markdown safely: no rehype-raw, so raw HTML in the text (a `<script>`, an
 * `<img onerror>`) is dropped, never rendered; react-markdown's default url transform empties
 * `javascript:` and other unsafe link targets. GitHub-flavoured markdown (MARKDOWN_REMARK_PLUGINS);
 * task-list boxes can be ticked when `onToggleTask` is given. Headings and paragraphs take
 * Mantine's typography.
 */
export function Markdown({ children, onToggleTask, ...props }: MarkdownProps) {
  let task = -1;
  const components: Components = {
    ...COMPONENTS,
    // Boxes are numbered in the order they render, which is their order in the text.
    input: ({ node: _node, ...input }: ComponentPropsWithoutRef<'input'> & { node?: unknown }) => {
      if (input.type !== 'checkbox') return <input {...input} />;
      task += 1;
      const index = task;
      return (
        <input
          type="checkbox"
          checked={Boolean(input.checked)}
          disabled={!onToggleTask}
          aria-label={`Task ${index + 1}`}
          onChange={(event) => onToggleTask?.(index, event.currentTarget.checked)}
          style={{ marginRight: 6, cursor: onToggleTask ? 'pointer' : undefined }}
        />
      );
    },
  };
  return (
    <Typography fz="sm" {...props}>
      <div style={{ overflowWrap: 'anywhere' }}>
        <ReactMarkdown remarkPlugins={MARKDOWN_REMARK_PLUGINS} components={components} skipHtml>
          {children}
        </ReactMarkdown>
      </div>
    </Typography>
  );
}
