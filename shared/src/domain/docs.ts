/**
 * The knowledge base's constants (zod-free, so the web's first script may import them): spaces,
 * document kinds, limits, and the file types an upload may be, with how each is previewed.
 */

/** The enterprise's own library; every other space is a project's, named by the project id. */
export const ENTERPRISE_SPACE = 'enterprise';

export const DOC_KINDS = ['folder', 'wiki', 'file'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

export const MAX_DOC_TITLE = 120;
export const MAX_REVISION_SUMMARY = 200;
/** A page's markdown source, in UTF-8 bytes. */
export const MAX_PAGE_BYTES = 512 * 1024;
/** Folders nest at most this deep (a top-level folder is level 1). */
export const MAX_FOLDER_DEPTH = 8;
/** Work items, specs and pages one page may reference (each is a reference item, written with the page). */
export const MAX_PAGE_REFERENCES = 40;
/** Days a deleted folder or document stays in the trash before it is removed for good. */
export const TRASH_DAYS = 30;
/** The default largest upload (the server's DOCS_MAX_UPLOAD_BYTES may change it). */
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** A search query's length. */
export const MAX_SEARCH_QUERY = 200;

/** How the preview page shows a file. */
export const PREVIEW_KINDS = [
  'image',
  'pdf',
  'text',
  'code',
  'markdown',
  'csv',
  'xlsx',
  'docx',
  'html',
  'svg',
  'none',
] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export interface FileTypeRule {
  /** The MIME type stored and served (never the browser's claim). */
  mime: string;
  preview: PreviewKind;
  /**
   * How the bytes are checked: `binary` types by their signature (the detected extension must be
   * one of `detected`), `text` types by being UTF-8 text without NUL bytes.
   */
  check: 'binary' | 'text';
  /** Signatures (file-type extensions) that count as this type. */
  detected?: readonly string[];
}

const text = (mime: string, preview: PreviewKind = 'code'): FileTypeRule => ({
  mime,
  preview,
  check: 'text',
});
const binary = (mime: string, preview: PreviewKind, detected: readonly string[]): FileTypeRule => ({
  mime,
  preview,
  check: 'binary',
  detected,
});

/**
 * The file types an upload may be, by extension (lower case). The extension says what the file
 * claims to be; the bytes must agree (functions/src/modules/docs/file-check.ts).
 */
export const FILE_TYPES: Readonly<Record<string, FileTypeRule>> = {
  pdf: binary('application/pdf', 'pdf', ['pdf']),
  png: binary('image/png', 'image', ['png']),
  jpg: binary('image/jpeg', 'image', ['jpg']),
  jpeg: binary('image/jpeg', 'image', ['jpg']),
  gif: binary('image/gif', 'image', ['gif']),
  webp: binary('image/webp', 'image', ['webp']),
  docx: binary('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', ['docx']),
  xlsx: binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', ['xlsx']),
  pptx: binary('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'none', ['pptx']),
  zip: binary('application/zip', 'none', ['zip']),
  txt: text('text/plain', 'text'),
  log: text('text/plain', 'text'),
  md: text('text/markdown', 'markdown'),
  markdown: text('text/markdown', 'markdown'),
  csv: text('text/csv', 'csv'),
  json: text('application/json'),
  yaml: text('text/yaml'),
  yml: text('text/yaml'),
  xml: text('application/xml'),
  html: text('text/html', 'html'),
  htm: text('text/html', 'html'),
  svg: text('image/svg+xml', 'svg'),
  css: text('text/css'),
  js: text('text/javascript'),
  ts: text('text/plain'),
  tsx: text('text/plain'),
  jsx: text('text/plain'),
  py: text('text/x-python'),
  java: text('text/plain'),
  go: text('text/plain'),
  rs: text('text/plain'),
  rb: text('text/plain'),
  sh: text('text/x-shellscript'),
  sql: text('text/plain'),
  c: text('text/plain'),
  h: text('text/plain'),
  cpp: text('text/plain'),
  kt: text('text/plain'),
  swift: text('text/plain'),
  toml: text('text/plain'),
  ini: text('text/plain'),
};

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Types a person may preview, as listed on the upload form. */
export const ACCEPTED_EXTENSIONS = Object.keys(FILE_TYPES);

/**
 * HTML and SVG can run script when a browser renders them as documents: they are never served
 * inline (the download call answers them as attachments only), and the preview page never shows
 * them either: it says there is no preview and offers the download.
 */
export function isActiveContent(mime: string): boolean {
  return mime === 'text/html' || mime === 'image/svg+xml';
}

/**
 * The references a page's markdown makes: `#123` (a work item of the page's project, project
 * libraries only) and links to work items (`/projects/{projectId}/{demand|task|bug}/{id}`),
 * requirement specs (`/products/{productId}/demand/{id}`) and other pages (`/docs/wiki/{id}`).
 */
export interface PageReferences {
  issueNumbers: number[];
  issues: { projectId: string; issueId: string }[];
  specs: { productId: string; specId: string }[];
  pages: string[];
}

const ISSUE_NUMBER = /(^|[^\w&/#])#(\d{1,7})\b/g;
const ISSUE_LINK = /\/projects\/([a-z0-9]{1,64})\/(?:demand|task|bug)\/([a-z0-9]{1,64})/g;
const SPEC_LINK = /\/products\/([a-z0-9.]{1,64})\/demand\/([a-z0-9.]{1,80})/g;
const PAGE_LINK = /\/docs\/wiki\/([a-z0-9.]{1,140})/g;

/** Fenced and inline code say nothing about references: `#123` in a code sample is not one. */
function withoutCode(markdown: string): string {
  return markdown.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
}

export function findReferences(markdown: string): PageReferences {
  const source = withoutCode(markdown);
  const issueNumbers = new Set<number>();
  for (const match of source.matchAll(ISSUE_NUMBER)) issueNumbers.add(Number(match[2]));
  const issues = new Map<string, { projectId: string; issueId: string }>();
  for (const [, projectId, issueId] of source.matchAll(ISSUE_LINK))
    issues.set(issueId!, { projectId: projectId!, issueId: issueId! });
  const specs = new Map<string, { productId: string; specId: string }>();
  for (const [, productId, specId] of source.matchAll(SPEC_LINK))
    specs.set(specId!, { productId: productId!, specId: specId! });
  const pages = new Set<string>();
  for (const [, pageId] of source.matchAll(PAGE_LINK)) pages.add(pageId!);
  return {
    issueNumbers: [...issueNumbers],
    issues: [...issues.values()],
    specs: [...specs.values()],
    pages: [...pages],
  };
}
