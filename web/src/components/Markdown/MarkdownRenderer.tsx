import { Typography } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import type { MarkdownProps } from './Markdown';
import { MARKDOWN_REMARK_PLUGINS } from './plugins';

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
 * The renderer behind `Markdown` (Markdown.tsx), in a chunk of its own with react-markdown: it
 * renders user-written markdown safely: no rehype-raw, so raw HTML in the text (a `<script>`, an
 * `<img onerror>`) is dropped, never rendered; react-markdown's default url transform empties
 * `javascript:` and other unsafe link targets. GitHub-flavoured markdown (MARKDOWN_REMARK_PLUGINS);
 * task-list boxes can be ticked when `onToggleTask` is given. Headings and paragraphs take
 * Mantine's typography.
 */
export function MarkdownRenderer({ children, onToggleTask, ...props }: MarkdownProps) {
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
      <div style={{ overflowWrap: 'anywhere' }} data-markdown="rendered">
        <ReactMarkdown remarkPlugins={MARKDOWN_REMARK_PLUGINS} components={components} skipHtml>
          {children}
        </ReactMarkdown>
      </div>
    </Typography>
  );
}
