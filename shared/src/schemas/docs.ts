/**
 * The knowledge base (`/api/pms/{identifier}/docs`, `folders`, `wikiPages`, `deleteWiki` and the
 * file download `/api/file/common/downloadByIdentifier/{identifier}`): spaces (the enterprise's
 * library and one per project), folders, markdown wiki pages with revisions, files, the trash,
 * search and the references pages make. Calls and rules: docs/api-conventions.md, "Knowledge base".
 */
import * as z from 'zod';
import {
  DOC_KINDS,
  MAX_DOC_TITLE,
  MAX_PAGE_BYTES,
  MAX_REVISION_SUMMARY,
  MAX_SEARCH_QUERY,
  PREVIEW_KINDS,
} from '../domain/docs';
import { IdSchema, messages, PageQuerySchema, text, VersionSchema } from './common';
import { UserSummarySchema } from './projects';

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/** A space: `enterprise`, or a project id. */
export const SpaceSchema = z
  .string({ error: messages.required('space') })
  .regex(/^[a-z0-9]{1,64}$/, 'space must be "enterprise" or a project id')
  .meta({ description: '"enterprise" for the enterprise library, or a project id' });

const DocIdSchema = (label: string) => IdSchema(label).max(140, messages.tooLong(label, 140));

export const DocKindSchema = z.enum(DOC_KINDS);

const TitleSchema = text('title', MAX_DOC_TITLE);
/** A folder or page's parent folder; null (or absent) at the top of the space. */
const ParentSchema = DocIdSchema('root_id').nullable().optional();
const SortSchema = z.number().finite().min(-1e9).max(1e9).optional();

/** Markdown source, at most MAX_PAGE_BYTES in UTF-8. */
export const PageContentSchema = z
  .string({ error: messages.required('content') })
  .refine((value) => utf8Bytes(value) <= MAX_PAGE_BYTES, {
    error: `a page may hold at most ${MAX_PAGE_BYTES / 1024} KB of text`,
  });

const SummarySchema = z
  .string()
  .trim()
  .max(MAX_REVISION_SUMMARY, messages.tooLong('summary', MAX_REVISION_SUMMARY))
  .optional();

// ---- requests -----------------------------------------------------------------------------------

export const SpaceQuerySchema = z.object({ space: SpaceSchema });

export const FolderListQuerySchema = PageQuerySchema.extend({
  space: SpaceSchema,
  /** The folder whose contents to list; the top of the space when absent. */
  folderId: DocIdSchema('folderId').optional(),
});
export type FolderListQuery = z.infer<typeof FolderListQuerySchema>;

export const FolderBodySchema = z.object({
  space: SpaceSchema,
  title: TitleSchema,
  root_id: ParentSchema,
  sort: SortSchema,
});
export type FolderBody = z.infer<typeof FolderBodySchema>;

export const WikiCreateBodySchema = z.object({
  space: SpaceSchema,
  title: TitleSchema,
  root_id: ParentSchema,
  sort: SortSchema,
  content: PageContentSchema.default(''),
  summary: SummarySchema,
});
export type WikiCreateBody = z.infer<typeof WikiCreateBodySchema>;

/** A save: a new revision on top of `baseRevision` (the revision the editor started from). */
export const WikiSaveBodySchema = z.object({
  title: TitleSchema.optional(),
  content: PageContentSchema,
  summary: SummarySchema,
  baseRevision: z.number({ error: 'Please enter baseRevision' }).int().min(1),
});
export type WikiSaveBody = z.infer<typeof WikiSaveBodySchema>;

export const RestoreRevisionBodySchema = z.object({
  baseRevision: z.number({ error: 'Please enter baseRevision' }).int().min(1),
  summary: SummarySchema,
});
export type RestoreRevisionBody = z.infer<typeof RestoreRevisionBodySchema>;

/** Rename, move (root_id) or reorder (sort) a folder or document. */
export const DocUpdateBodySchema = z.object({
  title: TitleSchema.optional(),
  root_id: ParentSchema,
  sort: SortSchema,
  version: VersionSchema,
});
export type DocUpdateBody = z.infer<typeof DocUpdateBodySchema>;

export const UploadBodySchema = z.object({
  space: SpaceSchema,
  /** The folder the file goes in (null: the top); ignored for attachments. */
  root_id: ParentSchema,
  /** A wiki page the file is attached to (a pasted or dropped image), instead of a folder. */
  attachTo: DocIdSchema('attachTo').optional(),
  fileName: text('fileName', MAX_DOC_TITLE),
  size: z
    .number({ error: messages.required('size') })
    .int()
    .min(1, 'size: the file is empty'),
});
export type UploadBody = z.infer<typeof UploadBodySchema>;

export const SearchQuerySchema = PageQuerySchema.extend({
  q: text('q', MAX_SEARCH_QUERY),
  /** One space; every space the caller may read when absent. */
  space: SpaceSchema.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const TrashQuerySchema = PageQuerySchema.extend({ space: SpaceSchema });
export type TrashQuery = z.infer<typeof TrashQuerySchema>;

export const RevisionListQuerySchema = PageQuerySchema;

export const ReferencesQuerySchema = z
  .object({
    issueId: IdSchema('issueId').optional(),
    specId: IdSchema('specId').max(140).optional(),
  })
  .refine((q) => Boolean(q.issueId) !== Boolean(q.specId), {
    error: 'issueId: name either issueId or specId',
  });
export type ReferencesQuery = z.infer<typeof ReferencesQuerySchema>;

export const DownloadQuerySchema = z.object({
  /** `inline` for previews (never for HTML or SVG); `attachment` (the default) to save. */
  disposition: z.enum(['inline', 'attachment']).optional(),
  /** `1`: answer 302 to the presigned address (for `<img src>`) instead of JSON. */
  redirect: z.enum(['0', '1']).optional(),
});

// ---- responses ----------------------------------------------------------------------------------

export const SpaceInfoSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['enterprise', 'project']),
    name: z.string(),
  })
  .meta({ id: 'DocSpace' });
export type SpaceInfo = z.infer<typeof SpaceInfoSchema>;

export const FileInfoSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  /** From the bytes, not the name. */
  mime: z.string(),
  preview: z.enum(PREVIEW_KINDS),
  /** `{enterpriseId}.{docId}`: the download address's identifier. */
  identifier: z.string(),
});
export type FileInfo = z.infer<typeof FileInfoSchema>;

export const DocNodeSchema = z
  .object({
    id: z.string(),
    space: z.string(),
    kind: DocKindSchema,
    title: z.string(),
    /** The parent folder (for an attachment, its page); null at the top. */
    root_id: z.string().nullable(),
    sort: z.number(),
    /** Files attached to a page (pasted or dropped images) rather than placed in a folder. */
    attachment: z.boolean(),
    /** Wiki pages: the current revision. */
    revision: z.number().int().nullable(),
    file: FileInfoSchema.nullable(),
    createdBy: UserSummarySchema,
    createdAt: z.string(),
    updatedBy: UserSummarySchema,
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'DocNode' });
export type DocNode = z.infer<typeof DocNodeSchema>;

export type DocTreeNode = DocNode & { children: DocTreeNode[] };
export const DocTreeNodeSchema: z.ZodType<DocTreeNode> = DocNodeSchema.extend({
  get children() {
    return z.array(DocTreeNodeSchema);
  },
}).meta({ id: 'DocTreeNode' });

export const PathEntrySchema = z.object({ id: z.string(), title: z.string() });

export const DocDetailSchema = DocNodeSchema.extend({
  space_name: z.string(),
  /** The folders above it, from the top. */
  path: z.array(PathEntrySchema),
}).meta({ id: 'DocDetail' });
export type DocDetail = z.infer<typeof DocDetailSchema>;

/** A reference a page makes, resolved for rendering (`#123` becomes a link to the work item). */
export const PageReferenceSchema = z.object({
  kind: z.enum(['issue', 'spec', 'page']),
  id: z.string(),
  title: z.string(),
  /** Work items: their number and project; specs: their number and product. */
  number: z.number().int().nullable(),
  projectId: z.string().nullable(),
  productId: z.string().nullable(),
  pmIssueType: z.number().int().nullable(),
});
export type PageReference = z.infer<typeof PageReferenceSchema>;

export const WikiDetailSchema = DocDetailSchema.extend({
  content: z.string(),
  summary: z.string(),
  references: z.array(PageReferenceSchema),
  attachments: z.array(DocNodeSchema),
}).meta({ id: 'WikiDetail' });
export type WikiDetail = z.infer<typeof WikiDetailSchema>;

export const RevisionSummarySchema = z
  .object({
    revision: z.number().int(),
    title: z.string(),
    summary: z.string(),
    author: UserSummarySchema,
    createdAt: z.string(),
    /** UTF-8 bytes of the content. */
    size: z.number().int(),
    /** Set when this revision restored an earlier one. */
    restoredFrom: z.number().int().nullable(),
    /** A deleted revision keeps its place in the history but not its content. */
    deleted: z.boolean(),
    deletedBy: UserSummarySchema.nullable(),
    deletedAt: z.string().nullable(),
  })
  .meta({ id: 'RevisionSummary' });
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionSchema = RevisionSummarySchema.extend({ content: z.string() }).meta({
  id: 'Revision',
});
export type Revision = z.infer<typeof RevisionSchema>;

/** The 409 of a save whose base is no longer the current revision: what the other person saved. */
export const SaveConflictSchema = z.object({
  current: RevisionSchema,
  baseRevision: z.number().int(),
});
export type SaveConflict = z.infer<typeof SaveConflictSchema>;

export const UploadTicketSchema = z
  .object({
    doc: DocNodeSchema,
    /** POST a multipart form of `fields` then `file` to `url`, straight to storage. */
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    maxBytes: z.number().int(),
    expiresAt: z.string(),
  })
  .meta({ id: 'UploadTicket' });
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const DownloadSchema = z
  .object({
    url: z.string(),
    expiresAt: z.string(),
    fileName: z.string(),
    mime: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'FileDownload' });
export type Download = z.infer<typeof DownloadSchema>;

export const TrashEntrySchema = z
  .object({
    id: z.string(),
    space: z.string(),
    kind: DocKindSchema,
    title: z.string(),
    /** Folders and documents that went to the trash with it. */
    itemCount: z.number().int(),
    deletedBy: UserSummarySchema,
    deletedAt: z.string(),
    /** When it is removed for good. */
    purgeAt: z.string(),
  })
  .meta({ id: 'TrashEntry' });
export type TrashEntry = z.infer<typeof TrashEntrySchema>;

/** Text with the parts that matched the query marked. */
export const MarkedTextSchema = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export type MarkedText = z.infer<typeof MarkedTextSchema>;

export const SearchHitSchema = z
  .object({
    id: z.string(),
    space: z.string(),
    space_name: z.string(),
    kind: DocKindSchema,
    title: MarkedTextSchema,
    snippet: MarkedTextSchema,
    path: z.array(PathEntrySchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const DocReferrerSchema = z
  .object({
    id: z.string(),
    space: z.string(),
    space_name: z.string(),
    title: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DocReferrer' });
export type DocReferrer = z.infer<typeof DocReferrerSchema>;
