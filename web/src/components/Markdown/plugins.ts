import remarkGfm from 'remark-gfm';

/**
 * The markdown every page renders: GitHub-flavoured (tables, task lists, strikethrough,
 * autolinks). One list, so descriptions, comments, notices and wiki pages read the same.
 */
export const MARKDOWN_REMARK_PLUGINS = [remarkGfm];
