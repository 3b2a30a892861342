/**
 * The artifacts pages' addresses: what each page keeps in its URL and how an address is read. Apart
 * from the pages so that a route file, which the first script holds, imports these few lines and
 * not the page with its kit and its Mantine (the page loads with the route's own chunk).
 */
import {
  ARTIFACT_FORMATS,
  type ArtifactFormat,
  REPOSITORY_TYPES,
  type RepositoryType,
} from '@shared/domain/artifacts';

/** The filters of a repository list, kept in the URL. */
export interface RepositorySearch {
  format?: ArtifactFormat;
  type?: RepositoryType;
  name?: string;
}

export function validateRepositorySearch(search: Record<string, unknown>): RepositorySearch {
  const format = ARTIFACT_FORMATS.find((f) => f === search.format);
  const type = REPOSITORY_TYPES.find((t) => t === search.type);
  const name = typeof search.name === 'string' && search.name.trim() ? search.name.trim() : undefined;
  return { ...(format ? { format } : {}), ...(type ? { type } : {}), ...(name ? { name } : {}) };
}

/** What a repository page shows, kept in the URL so a reload or a shared link opens the same. */
export interface ContentsSearch {
  view?: 'browse';
  q?: string;
  pageNum?: number;
  /** The folder being browsed. */
  path?: string;
  /** The component whose assets are open. */
  component?: string;
  /** The asset whose details are open (from the browse view). */
  asset?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

export function validateContentsSearch(search: Record<string, unknown>): ContentsSearch {
  const pageNum = Number(search.pageNum);
  const result: ContentsSearch = {};
  if (search.view === 'browse') result.view = 'browse';
  if (text(search.q)) result.q = text(search.q);
  if (Number.isInteger(pageNum) && pageNum > 1) result.pageNum = pageNum;
  if (text(search.path)) result.path = text(search.path);
  if (text(search.component)) result.component = text(search.component);
  if (text(search.asset)) result.asset = text(search.asset);
  return result;
}

export interface SnapshotSearch {
  /** The snapshot this one is compared with. */
  with?: string;
}

export function validateSnapshotSearch(search: Record<string, unknown>): SnapshotSearch {
  return typeof search.with === 'string' && search.with ? { with: search.with } : {};
}

/** The comparison picked on the snapshots page, kept in the address. */
export interface SnapshotsSearch {
  from?: string;
  to?: string;
}

export function validateSnapshotsSearch(search: Record<string, unknown>): SnapshotsSearch {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return { from: text(search.from), to: text(search.to) };
}
