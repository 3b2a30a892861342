import { computeAccess } from '@shared/permissions/access';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail, IssueRow, IssueTag } from '@shared/schemas/issues';
import type { UserSummary } from '@shared/schemas/projects';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { CurrentEnterpriseProvider } from '../lib/current-enterprise';
import { WorkItemPanelProvider } from '../routes/-components/work-items/work-item-panel';
import { renderWithRouter } from './render';

/** Fixtures and a renderer for components that live inside a project of an enterprise. */

export const PROJECT_ID = 'p1';

export const alice: UserSummary = { userId: 'u-alice', login: 'alice', nickname: 'Alice' };
export const bob: UserSummary = { userId: 'u-bob', login: 'bob', nickname: 'Bob' };

export const backendTag: IssueTag = {
  id: 't-backend',
  name: 'backend',
  color: 'blue',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

export function issueRow(issueNumber: number, extra: Partial<IssueRow> = {}): IssueRow {
  return {
    id: `i${issueNumber}`,
    issueId: `i${issueNumber}`,
    pmsProjectId: PROJECT_ID,
    issueNumber,
    pmIssueType: 2,
    title: `Task number ${issueNumber}`,
    status: 1,
    statusName: 'Pending',
    priority: 3,
    assignee: null,
    author: alice,
    tags: [],
    startDate: null,
    endDate: null,
    estimatedHours: null,
    parentId: null,
    childCount: 0,
    sprintId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    closedAt: null,
    version: 1,
    ...extra,
  };
}

export function issueDetail(issueNumber: number, extra: Partial<IssueDetail> = {}): IssueDetail {
  return {
    ...issueRow(issueNumber),
    description: '',
    parent: null,
    children: [],
    links: [],
    nextStatuses: [2, 3, 5, 6],
    ...extra,
  };
}

/** A query client whose seeded data stays fresh: the tests have no server to refetch from. */
export function seededQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
    },
  });
}

const enterprise: Enterprise = {
  id: 'e1',
  enterpriseIdentifier: 'acme',
  deptId: 'e1',
  gitlinkUrl: 'http://localhost',
  auditRetentionDays: 365,
  name: 'Acme',
  description: '',
  ownerId: 'u-owner',
  timeZone: 'UTC',
  weeklyReminderDay: 5,
  weeklyReminderTime: '17:00',
  memberCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function currentUser(permissions: string[]): CurrentUser {
  return {
    user: {
      userId: alice.userId,
      gitlinkUserId: alice.userId,
      login: alice.login,
      nickname: alice.nickname,
      email: 'alice@acme.example',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    permissions,
    roles: [],
    userIdentity: 'member',
    userId: alice.userId,
    gitlinkUrl: 'http://localhost',
  };
}

/** Renders inside enterprise "acme" (as Alice, with `permissions`), project p1 and its work-item panel. */
export function renderInProject(
  ui: ReactElement,
  {
    permissions = ['*:*:*'],
    queryClient = seededQueryClient(),
    path = `/acme/projects/${PROJECT_ID}/task`,
  }: { permissions?: string[]; queryClient?: QueryClient; path?: string } = {},
) {
  const me = currentUser(permissions);
  return renderWithRouter(
    <CurrentEnterpriseProvider enterprise={enterprise} me={me} access={computeAccess(me, enterprise.ownerId)}>
      <WorkItemPanelProvider projectId={PROJECT_ID}>{ui}</WorkItemPanelProvider>
    </CurrentEnterpriseProvider>,
    { path, queryClient },
  );
}
