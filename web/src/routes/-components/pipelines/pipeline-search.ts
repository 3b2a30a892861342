/**
 * The pipelines pages' addresses: what each page keeps in its URL and how an address is read. Apart
 * from the pages so that a route file, which the first script holds, imports these few lines and
 * not the page with its kit and its Mantine (the page loads with the route's own chunk).
 */
import { RUN_STATES, type RunState } from '@shared/domain/pipeline-states';

export interface PipelineSearch {
  repositoryId?: string;
  projectId?: string;
  keyword?: string;
  pageNum?: number;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 64) : undefined;

/** Drops what is not allowed rather than refusing the address. */
export function validatePipelineSearch(search: Record<string, unknown>): PipelineSearch {
  const page = Number(search.pageNum);
  return {
    ...(text(search.repositoryId) ? { repositoryId: text(search.repositoryId) } : {}),
    ...(text(search.projectId) ? { projectId: text(search.projectId) } : {}),
    ...(text(search.keyword) ? { keyword: text(search.keyword) } : {}),
    ...(Number.isInteger(page) && page > 1 ? { pageNum: page } : {}),
  };
}

export interface RunSearch {
  run?: number;
  job?: string;
  step?: string;
}

const id = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;

export function validateRunSearch(search: Record<string, unknown>): RunSearch {
  const run = Number(search.run);
  return {
    ...(Number.isInteger(run) && run > 0 ? { run } : {}),
    ...(id(search.job) ? { job: id(search.job) } : {}),
    ...(id(search.step) ? { step: id(search.step) } : {}),
  };
}

export interface RunRecordsSearch {
  pageNum?: number;
  status?: RunState;
}

export function validateRunRecordsSearch(search: Record<string, unknown>): RunRecordsSearch {
  const page = Number(search.pageNum);
  const status = RUN_STATES.find((s) => s === search.status);
  return {
    ...(Number.isInteger(page) && page > 1 ? { pageNum: page } : {}),
    ...(status ? { status } : {}),
  };
}

/** What a page of one pipeline (its runs, its run records) is given by its route. */
export interface PipelinePageProps<S> {
  identifier: string;
  /** The repository's id, the address's `$repo`. */
  repo: string;
  pipelineId: string;
  search: S;
}
