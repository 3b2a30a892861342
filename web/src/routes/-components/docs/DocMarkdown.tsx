import { Typography } from '@mantine/core';
import type { PageReference } from '@shared/schemas/docs';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import './doc-markdown.css';
import { useRouter } from '@tanstack/react-router';
import { MARKDOWN_REMARK_PLUGINS } from '../../../components/Markdown/plugins';
import { fileSrc } from '../../../queries/docs';
import { docsBase, ENTERPRISE_SPACE, nodeHref } from './paths';

const ISSUE_SEGMENTS: Record<number, string> = { 1: 'demand', 2: 'task', 3: 'bug' };

/** `#123` outside code, not inside a word: a work item of the page's project. */
const ISSUE_MENTION = /(^|[^\w&/#])#(\d{1,9})\b/g;

interface DocMarkdownProps {
  children: string;
  identifier: string;
  /** The references the server resolved: `#123` becomes a link to that work item. */
  references?: readonly PageReference[];
}

/** Turns `#123` into a markdown link to the work item, outside code spans and fenced blocks. */
export function linkIssueMentions(
  markdown: string,
  identifier: string,
  references: readonly PageReference[],
): string {
  const byNumber = new Map(
    references.filter((ref) => ref.kind === 'issue' && ref.number !== null).map((ref) => [ref.number, ref]),
  );
  if (byNumber.size === 0) return markdown;
  const parts = markdown.split(/(```[\s\S]*?```|`[^`\n]*`)/);
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(ISSUE_MENTION, (whole, before: string, digits: string) => {
            const ref = byNumber.get(Number(digits));
            if (!ref?.projectId) return whole;
            const kind = ISSUE_SEGMENTS[ref.pmIssueType ?? 1] ?? 'demand';
            const href = `/${identifier}/projects/${ref.projectId}/${kind}/${ref.id}`;
            return `${before}[#${digits}](${href} "${ref.title.replace(/"/g, "'")}")`;
          }),
    )
    .join('');
}

/**
 * `doc:{identifier}` names a file of the knowledge base by its download identifier,
 * `{enterpriseId}.{space}.{localId}` (what the editor writes for pasted and dropped files).
 */
const DOC_IDENTIFIER = /^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;

/** The in-app address of a `doc:` link: the file's preview in its library; null when malformed. */
export function docLinkHref(identifier: string, target: string): string | null {
  const match = DOC_IDENTIFIER.exec(target);
  if (!match) return null;
  const space = match[1]!;
  const base = docsBase(identifier, space === ENTERPRISE_SPACE ? null : space);
  return nodeHref(base, { id: target.slice(target.indexOf('.') + 1), kind: 'file' });
}

/**
 * `doc:` targets pass (the renderer turns them into in-app addresses); everything else goes
 * through react-markdown's default transform, which empties javascript:, data:, vbscript: and any
 * other protocol that is not http(s), mailto or the like.
 */
function urlTransform(url: string): string {
  return url.startsWith('doc:') ? url : defaultUrlTransform(url);
}

function inAppLink(router: ReturnType<typeof useRouter>, href: string, props: ComponentPropsWithoutRef<'a'>) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        router.history.push(href);
      }}
    />
  );
}

/**
 * A wiki page rendered: GitHub-flavoured markdown (tables, task lists, strikethrough, autolinks),
 * code highlighted by highlight.js (class names only), and no raw HTML at all (skipHtml): a
 * `<script>`, an event handler or a `javascript:` link in the source never reaches the page.
 * Links inside the app stay in the app (a `doc:` link opens the file's preview); other links open
 * in a new tab without an opener. Task list checkboxes show, disabled.
 */
export function DocMarkdown({ children, identifier, references = [] }: DocMarkdownProps) {
  const router = useRouter();
  const components: Components = {
    a: ({ node: _node, href, ...props }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) => {
      if (href?.startsWith('doc:')) {
        const inApp = docLinkHref(identifier, href.slice(4));
        return inApp ? inAppLink(router, inApp, props) : <span>{props.children}</span>;
      }
      if (!href) return <span>{props.children}</span>;
      if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/')) {
        return inAppLink(router, href, props);
      }
      return <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow" />;
    },
    img: ({ node: _node, src, alt, ...props }: ComponentPropsWithoutRef<'img'> & { node?: unknown }) => {
      if (typeof src !== 'string' || !src) return null;
      // `doc:{identifier}` names an attachment: its address is a fresh presigned GET.
      if (src.startsWith('doc:') && !DOC_IDENTIFIER.test(src.slice(4))) return null;
      const address = src.startsWith('doc:') ? fileSrc(src.slice(4)) : src;
      return <img {...props} src={address} alt={alt ?? ''} style={{ maxWidth: '100%' }} loading="lazy" />;
    },
    input: ({ node: _node, ...props }: ComponentPropsWithoutRef<'input'> & { node?: unknown }) => (
      <input {...props} disabled style={{ marginRight: 6 }} />
    ),
  };
  return (
    <Typography fz="sm">
      <div className="doc-markdown" style={{ overflowWrap: 'anywhere' }}>
        <ReactMarkdown
          remarkPlugins={MARKDOWN_REMARK_PLUGINS}
          rehypePlugins={[[rehypeHighlight, { detect: false }]]}
          components={components}
          urlTransform={urlTransform}
          skipHtml
        >
          {linkIssueMentions(children, identifier, references)}
        </ReactMarkdown>
      </div>
    </Typography>
  );
}
