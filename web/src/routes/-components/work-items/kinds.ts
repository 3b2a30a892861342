import { ISSUE_KIND_LABELS, type IssueKind } from '@shared/domain/work-item-workflow';

/** The list and detail routes of each kind (the tabs, row links and "Open full page"). */
export const KIND_ROUTES = {
  1: {
    list: '/$identifier/projects/$projectId/demand',
    detail: '/$identifier/projects/$projectId/demand/$workItemId',
  },
  2: {
    list: '/$identifier/projects/$projectId/task',
    detail: '/$identifier/projects/$projectId/task/$workItemId',
  },
  3: {
    list: '/$identifier/projects/$projectId/bug',
    detail: '/$identifier/projects/$projectId/bug/$workItemId',
  },
} as const satisfies Record<IssueKind, { list: string; detail: string }>;

/** "demand", "task", "bug" in sentences ("New demand", "No demands yet"). */
export function kindWord(kind: IssueKind, plural = false): string {
  const labels = ISSUE_KIND_LABELS[kind];
  return (plural ? labels.many : labels.one).toLowerCase();
}
