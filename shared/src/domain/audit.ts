/**
 * The audit log's fixed lists: the areas (endpoint groups), the actions and the object kinds, with
 * their labels. schemas/audit.ts re-exports them beside the entry schemas.
 */

/**
 * The endpoint groups (functions/src/manifest.ts): an entry's area is the group that served it. A
 * unit test (functions/src/core/audit/audit.test.ts) keeps the two lists equal.
 */
export const AUDIT_AREAS = [
  'auth',
  'enterprise',
  'system',
  'projects',
  'issues',
  'sprints',
  'products',
  'requirements',
  'testcases',
  'testruns',
  'repositories',
  'docs',
  'weekly',
  'artifacts',
  'pipelines',
  'dashboard',
  'notifications',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  auth: 'Accounts',
  enterprise: 'Organization',
  system: 'Roles and members',
  projects: 'Projects',
  issues: 'Work items',
  sprints: 'Iterations',
  products: 'Products',
  requirements: 'Requirements',
  testcases: 'Test cases',
  testruns: 'Test runs',
  repositories: 'Code',
  docs: 'Knowledge base',
  weekly: 'Weekly reports',
  artifacts: 'Artifact library',
  pipelines: 'Pipelines',
  dashboard: 'Work desk',
  notifications: 'Notifications',
};

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'read'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the objects of an entry are (functions/src/core/audit/objects.ts names them). */
export const AUDIT_OBJECT_LABELS: Record<string, string> = {
  enterprise: 'Organization',
  member: 'Member',
  role: 'Role',
  project: 'Project',
  projectMember: 'Project member',
  projectNotice: 'Project notice',
  workItem: 'Work item',
  workItemTag: 'Work-item tag',
  workItemLink: 'Work-item link',
  workItemBranch: 'Branch',
  workItemCommit: 'Commit',
  comment: 'Comment',
  sprint: 'Iteration',
  product: 'Product',
  productModule: 'Product module',
  plan: 'Plan',
  userRequirement: 'User requirement',
  spec: 'Requirement spec',
  requirementTag: 'Requirement tag',
  demandSpecLink: 'Demand–spec link',
  specCaseLink: 'Spec–case link',
  caseModule: 'Case module',
  testCase: 'Test case',
  caseTag: 'Case tag',
  caseLink: 'Case–work-item link',
  testSheet: 'Test sheet',
  sheetCase: 'Sheet case',
  sheetCaseLink: 'Sheet case–work-item link',
  testReport: 'Test report',
  repository: 'Repository',
  repositoryLink: 'Repository–project link',
  webhookDelivery: 'Webhook delivery',
  doc: 'Document',
  pageRevision: 'Page revision',
  dataExport: 'Data export',
};
