import { Typography, type TypographyProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

interface MarkdownProps extends TypographyProps {
  /** Markdown written by users (descriptions, comments, the project notice). */
  children: string;
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
 * `javascript:` and other unsafe link targets. Headings and paragraphs take Mantine's typography.
 */
export function Markdown({ children, ...props }: MarkdownProps) {
  return (
    <Typography fz="sm" {...props}>
      <div style={{ overflowWrap: 'anywhere' }}>
        <ReactMarkdown components={COMPONENTS} skipHtml>
          {children}
        </ReactMarkdown>
      </div>
    </Typography>
  );
}
