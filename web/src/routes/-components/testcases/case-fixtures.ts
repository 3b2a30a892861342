/** Fixtures of the case-library component tests (not a test file itself). */
import type { Page } from '@shared/schemas/common';
import type { CaseDetail, CaseModuleNode, CaseRow, CaseTag } from '@shared/schemas/testcases';
import { alice, PROJECT_ID } from '../../../test/project';

export function caseRow(caseNumber: number, extra: Partial<CaseRow> = {}): CaseRow {
  return {
    id: `${PROJECT_ID}.c${caseNumber}`,
    pmsProjectId: PROJECT_ID,
    caseNumber,
    title: `Case number ${caseNumber}`,
    moduleId: null,
    moduleName: '',
    type: 1,
    typeName: 'Functional',
    priority: 3,
    tagIds: [],
    needsConfirmation: false,
    specCount: 0,
    linkedIssueCount: 0,
    creator: alice,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

export function caseDetail(caseNumber: number, extra: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...caseRow(caseNumber),
    precondition: '',
    steps: [],
    remark: '',
    specs: [],
    linkedIssues: [],
    ...extra,
  };
}

export function page<T>(rows: T[], { total = rows.length, pageNum = 1, pageSize = 10 } = {}): Page<T> {
  return { rows, total, pageNum, pageSize };
}

export function moduleNode(
  local: string,
  name: string,
  root: string | null,
  children: CaseModuleNode[] = [],
  caseCount = 0,
): CaseModuleNode {
  return {
    id: `${PROJECT_ID}.${local}`,
    pmsProjectId: PROJECT_ID,
    name,
    root_id: root === null ? null : `${PROJECT_ID}.${root}`,
    sort: 0,
    productModuleId: null,
    caseCount,
    version: 1,
    children,
  };
}

export const smokeTag: CaseTag = {
  id: 'ct-smoke',
  name: 'smoke',
  color: 'green',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

/** A JSON answer in the API's envelope. */
export function okResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: true, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function failResponse(status: number, errorMessage: string, errorCode = 'CONFLICT'): Response {
  return new Response(JSON.stringify({ success: false, errorCode, errorMessage, showType: 2 }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * A fetch that answers by method and path ending (`'GET /treeList'`), so the refetches a write
 * triggers get answers of the right shape; any other call fails the test loudly.
 */
export function serveApi(answers: Record<string, Answer>) {
  return async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://app.test');
    const method = init.method ?? 'GET';
    const match = Object.entries(answers).find(([key]) => {
      const [verb, ending] = key.split(' ');
      return verb === method && ending !== undefined && url.pathname.endsWith(ending);
    });
    if (!match) throw new Error(`unexpected call ${method} ${input}`);
    return match[1](url, init);
  };
}
