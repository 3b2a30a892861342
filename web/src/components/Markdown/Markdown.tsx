import { Typography, type TypographyProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

export { toggleTask } from './task-list';

export interface MarkdownProps extends TypographyProps {
  /** Markdown written by users (descriptions, comments, the project notice). */
  children: string;
  /**
   * Ticks or unticks the `index`-th task-list box (`- [ ]`) of the text; absent, the boxes show
   * disabled (the reader may not edit the text).
   */
  onToggleTask?: (index: number, checked: boolean) => void;
}

/**
 * react-markdown, remark-gfm and the micromark tree weigh about 45 KB compressed: they come in a
 * chunk of their own the first time a page draws markdown (scripts/lib/web-chunks.ts), so pages
 * that show none never fetch them.
 */
const MarkdownRenderer = lazy(() =>
  import('./MarkdownRenderer').then((module) => ({ default: module.MarkdownRenderer })),
);

/**
 * User-written markdown, GitHub-flavoured and sanitised (MarkdownRenderer.tsx). Until the renderer
 * has arrived the text shows as it was written, so the page never waits for it and nothing jumps
 * far when it renders.
 */
export function Markdown(props: MarkdownProps) {
  const { children, onToggleTask: _onToggleTask, ...typography } = props;
  return (
    <Suspense
      fallback={
        <Typography fz="sm" {...typography}>
          <div style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-markdown="plain">
            {children}
          </div>
        </Typography>
      }
    >
      <MarkdownRenderer {...props} />
    </Suspense>
  );
}
