/** Fixtures of the test-sheet tests (not a test file itself). */
import type { Sheet } from '@shared/schemas/testruns';
import { vi } from 'vitest';
import { alice, PROJECT_ID } from '../../../test/project';

/** A sheet of the test project, not started and empty: `extra` sets what a test looks at. */
export function makeSheet(extra: Partial<Sheet> = {}): Sheet {
  return {
    id: `${PROJECT_ID}.1`,
    pmsProjectId: PROJECT_ID,
    name: 'Sheet',
    description: '',
    root_id: null,
    sort: 0,
    sprintId: null,
    sprintName: null,
    owner: null,
    startDate: null,
    endDate: null,
    status: 0,
    statusName: 'Not started',
    completedAt: null,
    counts: { total: 0, notExecuted: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, passRate: 0 },
    creator: alice,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...extra,
  };
}

/**
 * Makes every request fail loudly: the test-area page tests seed the query cache, so a call means
 * the page asked for something the test did not expect. Undo with `vi.unstubAllGlobals()`.
 */
export function failUnseededFetches() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      throw new Error(`Unexpected call to ${url}`);
    }),
  );
}
