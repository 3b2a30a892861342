/**
 * Tenant isolation. Every route of the OpenAPI document (so new routes are covered without
 * editing this file) is called by an administrator of enterprise A with enterprise B's
 * addresses and ids. Tenant routes must answer 403 or 404, and no answer may contain any of
 * B's data.
 */
import type { Session } from '@shared/schemas/auth';
import type { Page } from '@shared/schemas/common';
import type { DocDetail, WikiDetail } from '@shared/schemas/docs';
import type { Invitation } from '@shared/schemas/email';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { DataExport } from '@shared/schemas/exports';
import type { IssueDetail, IssueTag, Journal } from '@shared/schemas/issues';
import type {
  ActionNode,
  NodeInput,
  NodeType,
  PipelineDetail,
  PipelineTemplate,
} from '@shared/schemas/pipelines';
import type { Project } from '@shared/schemas/projects';
import type { Repository } from '@shared/schemas/repositories';
import type { Sprint } from '@shared/schemas/sprints';
import type { Role } from '@shared/schemas/system';
import type { CaseDetail, CaseModule, CaseTag } from '@shared/schemas/testcases';
import type { Report, Sheet, SheetCaseRow } from '@shared/schemas/testruns';
import type { ReportDetail, Template } from '@shared/schemas/weekly';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { createLink } from '../../functions/src/core/mail/links';
import { createHosted, textBytes, uploadAsset } from './artifact-fixtures';
import { createFolder, createPage, uploadFile } from './docs-fixtures';
import {
  addMember,
  builtInRole,
  createEnterprise,
  createRole,
  deptPath,
  expectStatus,
  freshSession,
  type Res,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { type DocumentedRoute, documentedRoutes, fillPath } from './openapi-routes';
import { type ProductWork, productWorkOf, uniqueProductKey } from './product-fixtures';
import { gitServer, WorkingCopy } from './repository-fixtures';

interface Tenant {
  enterprise: Enterprise;
  role: Role;
  member: TestUser;
  work: Work;
  products: ProductWork;
  testing: TestingWork;
  docs: DocsWork;
  /** A repository on the test git server, connected and linked to the tenant's project. */
  repository: Repository;
  /** The session id of the member's own session (the session-list calls name it). */
  memberSessionId: string;
  /** A data export the owner started. */
  dataExport: DataExport;
  /** A pending invitation by email. */
  invitation: Invitation;
  /** The token of the member's notification-email unsubscribe link (modules/notifications). */
  unsubscribeToken: string;
  weekly: WeeklyWork;
  pipelines: PipelineWork;
  /** An artifact repository holding one asset. */
  artifacts: { repoId: string; name: string; componentId: string; snapshotName: string };
}

/** A pipeline of the tenant's repository, and catalogue items of its own (forms, as the calls take). */
interface PipelineWork {
  pipeline: PipelineDetail;
  nodeType: NodeType;
  node: ActionNode;
  template: PipelineTemplate;
}

async function pipelinesOf(
  owner: TestUser,
  enterprise: Enterprise,
  project: Project,
  repository: Repository,
) {
  const pms = (rest: string) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;
  const yaml = `name: ${unique('Secret pipeline ')}\nstages:\n  - id: s\n    jobs:\n      - id: j\n        steps:\n          - id: x\n            uses: git-info\n`;
  const pipeline = expectStatus(
    await owner.client.post<PipelineDetail>(pms('pipelines'), {
      repositoryId: repository.id,
      projectId: project.id,
      yaml,
    }),
    201,
  ).data;
  // Its run 1 (job `j`), for the run, results and log routes.
  expectStatus(await owner.client.post(pms(`pipelines/${pipeline.id}/run`), {}), 201);
  const form = async <T>(path: string, fields: Record<string, string>) =>
    expectStatus(
      await owner.client.call<T>('POST', pms(`actions/${path}`), {
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      201,
    ).data;
  const nodeType = await form<NodeType>('node_types', {
    key: unique('secrettype'),
    name: 'Secret type',
    icon: 'go',
  });
  const node = await form<ActionNode>('nodes', {
    key: unique('secretnode'),
    name: 'Secret node',
    nodeTypeId: nodeType.id,
    commandTemplate: 'echo {{ inputs.secret }}',
  });
  await form<NodeInput>('node_inputs', { nodeId: node.id, name: 'secret', label: 'Secret', type: 'string' });
  const template = await form<PipelineTemplate>('templates', {
    name: unique('Secret template '),
    icon: 'go',
    yaml,
  });
  return { pipeline, nodeType, node, template };
}

/** The owner's submitted weekly report of the tenant's project, and a template. */
interface WeeklyWork {
  report: ReportDetail;
  template: Template;
}

async function weeklyOf(owner: TestUser, enterprise: Enterprise, work: Work): Promise<WeeklyWork> {
  const weekly = (rest: string) =>
    `/api/pms/${enterprise.enterpriseIdentifier}/pmsProjectWeeklyReport/${rest}`;
  const template = expectStatus(
    await owner.client.post<Template>(weekly('templates'), {
      name: unique('Secret template '),
      sections: [{ key: 'notes', title: 'Notes', kind: 'text', items: 'thisWeek' }],
    }),
    201,
  ).data;
  const report = expectStatus(
    await owner.client.post<ReportDetail>(weekly('add'), {
      pmsProjectId: work.project.id,
      templateId: template.id,
      content: { notes: unique('secret weekly ') },
      items: [{ issueId: work.issue.id, list: 'thisWeek' }],
      submit: true,
    }),
    201,
  ).data;
  return { report, template };
}

async function repositoryOf(owner: TestUser, enterprise: Enterprise, project: Project): Promise<Repository> {
  const pms = (rest: string) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;
  const copy = await WorkingCopy.create(unique('secretrepo'));
  await copy.commit(unique('Secret commit '));
  await copy.push('main');
  const repository = expectStatus(
    await owner.client.post<Repository>(pms('pmsRepository'), {
      cloneUrl: copy.cloneUrl,
      token: gitServer.token,
      name: unique('Secret repository '),
    }),
    201,
  ).data;
  expectStatus(
    await owner.client.post(pms('pmsProjectRepository'), {
      pmsProjectId: project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
  return repository;
}

/** The enterprise library: a folder holding a page (with a secret in it), and a file. */
interface DocsWork {
  folder: DocDetail;
  page: WikiDetail;
  file: DocDetail;
}

async function docsOf(owner: TestUser, enterprise: Enterprise, project: Project): Promise<DocsWork> {
  const folder = await createFolder(owner, enterprise, {
    space: 'enterprise',
    title: unique('Secret folder '),
  });
  const page = await createPage(owner, enterprise, {
    space: 'enterprise',
    title: unique('Secret page '),
    root_id: folder.id,
    content: unique('secretcontent'),
  });
  await createPage(owner, enterprise, { space: project.id, title: unique('Secret runbook ') });
  const file = expectStatus(
    await uploadFile(
      owner,
      enterprise,
      { space: 'enterprise', fileName: 'secret.txt' },
      new TextEncoder().encode('x'),
    ),
    200,
  ).data;
  return { folder, page, file };
}

/** Test management in the tenant's project: a module, a tag, a case in a sheet, and a report. */
interface TestingWork {
  module: CaseModule;
  tag: CaseTag;
  testcase: CaseDetail;
  sheet: Sheet;
  sheetCase: SheetCaseRow;
  report: Report;
}

async function testingOf(owner: TestUser, enterprise: Enterprise, project: Project): Promise<TestingWork> {
  const pms = (rest: string) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;
  const c = owner.client;
  const created = async <T>(rest: string, body: unknown) =>
    expectStatus(await c.post<T>(pms(rest), body), 201).data;
  const module = await created<CaseModule>('pmsProjectTestcaseModule', {
    pmsProjectId: project.id,
    name: unique('Secret module '),
  });
  const tag = await created<CaseTag>('pmsProjectTestcaseTag', { name: unique('secrettag'), color: 'red' });
  const testcase = await created<CaseDetail>('pmsProjectTestcase', {
    pmsProjectId: project.id,
    title: unique('Secret case '),
    moduleId: module.id,
    tagIds: [tag.id],
    steps: [{ step: unique('Secret step '), expected: 'Nothing leaks' }],
  });
  const sheet = await created<Sheet>('pmsProjectTestsheet', {
    pmsProjectId: project.id,
    name: unique('Secret sheet '),
  });
  await created('pmsProjectTestsheetCases', { projectTestsheetId: sheet.id, caseIds: [testcase.id] });
  const rows = expectStatus(
    await c.get<Page<SheetCaseRow>>(pms(`pmsProjectTestsheetCases/list?projectTestsheetId=${sheet.id}`)),
    200,
  ).data.rows;
  const report = await created<Report>('testReport', {
    projectTestsheetId: sheet.id,
    name: unique('Secret report '),
  });
  return { module, tag, testcase, sheet, sheetCase: rows[0]!, report };
}

/** A project with two linked work items, a tag and a comment. */
interface Work {
  project: Project;
  issue: IssueDetail;
  other: IssueDetail;
  tag: IssueTag;
  journal: Journal;
  sprint: Sprint;
}

async function workOf(owner: TestUser, enterprise: Enterprise): Promise<Work> {
  const pms = (rest: string) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;
  const c = owner.client;
  const project = expectStatus(
    await c.post<Project>(pms('pmsProject'), { name: unique('Secret project ') }),
    201,
  ).data;
  expectStatus(
    await c.post(pms('pmsProject/addNotice'), { pmsProjectId: project.id, content: unique('secret') }),
    201,
  );
  const tag = expectStatus(
    await c.post<IssueTag>(pms('pmsProjectIssues/enterpriseIssueTags'), {
      name: unique('secret'),
      color: 'red',
    }),
    201,
  ).data;
  const item = (title: string) => ({ pmsProjectId: project.id, pmIssueType: 3, title, tagIds: [tag.id] });
  const issue = expectStatus(
    await c.post<IssueDetail>(pms('pmsProjectIssues/add'), item(unique('Secret bug '))),
    201,
  ).data;
  const other = expectStatus(
    await c.post<IssueDetail>(pms('pmsProjectIssues/add'), item(unique('Secret task '))),
    201,
  ).data;
  expectStatus(
    await c.post(pms('pmsProjectIssues/link'), { issueId: issue.id, linkedIssueId: other.id }),
    201,
  );
  const journal = expectStatus(
    await c.post<Journal>(pms(`pmsProjectIssues/journals/${issue.id}`), { notes: unique('secret note ') }),
    201,
  ).data;
  const sprint = expectStatus(
    await c.post<Sprint>(pms('pmsProjectSprint'), {
      pmsProjectId: project.id,
      name: unique('Secret sprint '),
      startDate: '2026-03-02',
      endDate: '2026-03-13',
    }),
    201,
  ).data;
  expectStatus(await c.put(pms(`pmsProjectSprint/${sprint.id}/issues`), { add: [other.id] }), 200);
  return { project, issue, other, tag, journal, sprint };
}

let adminA: TestUser;
let a: Tenant;
let b: Tenant;
/** Strings only enterprise B's data contains. */
let secretsOfB: string[];

async function tenant(owner: TestUser, name: string): Promise<Tenant> {
  const enterprise = await createEnterprise(owner, name);
  const role = await createRole(owner, enterprise, ['docs:doc:list'], unique('secret'));
  const member = await signUp();
  await addMember(owner, enterprise, member, [role.roleId]);
  const work = await workOf(owner, enterprise);
  const products = await productWorkOf(owner.client, enterprise.enterpriseIdentifier);
  const testing = await testingOf(owner, enterprise, work.project);
  const docs = await docsOf(owner, enterprise, work.project);
  const repository = await repositoryOf(owner, enterprise, work.project);
  const [memberSession] = expectStatus(await member.client.get<Session[]>('/api/auth/sessions'), 200).data;
  const dataExport = expectStatus(
    await owner.client.post<DataExport>(`/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}/export`),
    201,
  ).data;
  const invitation = expectStatus(
    await owner.client.post<Invitation>(
      `/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}/invitations`,
      {
        email: `${unique('invited')}@example.test`,
      },
    ),
    201,
  ).data;
  const weekly = await weeklyOf(owner, enterprise, work);
  const pipelines = await pipelinesOf(owner, enterprise, work.project, repository);
  const artifactRepo = await createHosted(owner, enterprise, { name: unique('secret-'), format: 'raw' });
  const artifactAsset = await uploadAsset(owner, enterprise, artifactRepo.id, 'secret/a.txt', textBytes('s'));
  const artifacts = {
    repoId: artifactRepo.id,
    name: artifactRepo.name,
    componentId: expectStatus(artifactAsset, 201).data.componentId!,
    snapshotName: expectStatus(
      await owner.client.post<{ name: string }>(
        `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrarySnapshot/${artifactRepo.id}`,
        { name: 'secret-snapshot' },
      ),
      201,
    ).data.name,
  };
  return {
    artifacts,
    enterprise,
    role,
    member,
    work,
    weekly,
    pipelines,
    products,
    testing,
    docs,
    repository,
    memberSessionId: memberSession!.id,
    dataExport,
    invitation,
    unsubscribeToken: await createLink(
      'unsubscribe',
      `${enterprise.id}/${member.userId}`,
      member.email,
      3_600_000,
    ),
  };
}

beforeAll(async () => {
  const [ownerA, ownerB, admin] = await signUpMany(3);
  adminA = admin!;
  a = await tenant(ownerA!, unique('Alpha '));
  b = await tenant(ownerB!, unique('Secret '));
  await addMember(ownerA!, a.enterprise, adminA, [
    (await builtInRole(ownerA!, a.enterprise, 'admin')).roleId,
  ]);
  secretsOfB = [
    b.docs.folder.title,
    b.docs.page.title,
    b.docs.page.content,
    b.docs.page.id.split('.')[1]!,
    b.docs.file.id.split('.')[1]!,
    b.enterprise.id,
    b.dataExport.id,
    b.artifacts.repoId,
    b.artifacts.name,
    b.enterprise.enterpriseIdentifier,
    b.enterprise.name,
    b.role.roleId,
    b.role.roleKey,
    b.role.roleName,
    b.work.project.id,
    b.work.project.name,
    b.work.issue.id,
    b.work.issue.title,
    b.work.other.id,
    b.work.tag.id,
    b.work.tag.name,
    b.work.journal.id,
    b.work.journal.notes,
    b.work.sprint.id,
    b.work.sprint.name,
    b.products.product.id,
    b.products.product.name,
    b.products.product.identifier,
    b.products.module.name,
    b.products.plan.title,
    b.products.tag.name,
    b.products.requirement.title,
    b.products.spec.title,
    b.products.journal.notes,
    b.testing.module.name,
    b.testing.tag.name,
    b.testing.testcase.id,
    b.testing.testcase.title,
    b.testing.testcase.steps[0]!.step,
    b.testing.sheet.id,
    b.testing.sheet.name,
    b.testing.report.id,
    b.testing.report.name,
    b.repository.id,
    b.repository.name,
    b.repository.cloneUrl,
    b.weekly.template.id,
    b.pipelines.pipeline.id,
    b.pipelines.pipeline.name,
    b.pipelines.nodeType.id,
    b.pipelines.node.id,
    b.pipelines.node.key,
    b.pipelines.template.id,
    b.pipelines.template.name,
    b.weekly.template.name,
    b.weekly.report.content.notes as string,
  ];
});

const isTenantRoute = (route: DocumentedRoute) => route.access === 'member' || route.access === 'permission';
const ENTERPRISE_PARAMS = new Set(['identifier', 'enterpriseIdentifier', 'id']);
const USER_PARAMS = new Set(['userId', 'gitlinkUserId']);

/** Path and query values: the enterprise from `where`, sub-ids (roles, users) from `items`. */
/** What `{id}` names in a path: the enterprise (dept, pmsEnterprise), a project or a work item. */
function idFor(route: DocumentedRoute, where: Tenant, items: Tenant): string {
  const doc = docsIdFor(route.path, items.docs);
  if (doc) return doc;
  const product = productIdFor(route.path, items.products);
  if (product) return product;
  const testing = testingIdFor(route.path, items.testing);
  if (testing) return testing;
  const pipeline = pipelineIdFor(route.path, items.pipelines);
  if (pipeline) return pipeline;
  if (route.path.includes('/pmsProjectWeeklyReport/templates/')) return items.weekly.template.id;
  if (route.path.includes('/pmsProjectWeeklyReport/')) return items.weekly.report.id;
  if (route.path.includes('/pmsRepository/')) return items.repository.id;
  if (route.path.includes('/pmsProductLibraryRepositories/')) return items.artifacts.repoId;
  if (route.path.includes('/pmsProjectSprint/')) return items.work.sprint.id;
  if (route.path.includes('/pmsProjectIssues/')) return items.work.issue.id;
  if (route.path.includes('/pmsProject/')) return items.work.project.id;
  if (route.path.includes('/notifications/')) return `issue.${items.work.issue.id}`;
  return where.enterprise.id;
}

const isDocsPath = (path: string) =>
  path.includes('/docs/') || path.includes('/wikiPages/') || path.includes('/deleteWiki/');

/** What `{id}` names in a knowledge-base route, or null for other routes. */
function docsIdFor(path: string, work: DocsWork): string | null {
  if (path.includes('/docs/files/')) return work.file.id;
  if (path.includes('/docs/trash/')) return work.folder.id;
  if (path.includes('/docs/') || path.includes('/wikiPages/') || path.includes('/deleteWiki/'))
    return work.page.id;
  return null;
}

/** What `{id}` names in a pipelines route, or null for other routes. */
function pipelineIdFor(path: string, work: PipelineWork): string | null {
  const byFamily: [string, string][] = [
    ['/pipelines/', work.pipeline.id],
    ['/actions/node_types/', work.nodeType.id],
    ['/actions/nodes/', work.node.id],
    ['/actions/node_inputs/', `${work.node.id}.secret`],
    ['/actions/templates/', work.template.id],
  ];
  return byFamily.find(([family]) => path.includes(family))?.[1] ?? null;
}

/** What `{id}` names in a product route, or null for other routes. */
function productIdFor(path: string, work: ProductWork): string | null {
  const byFamily: [string, string][] = [
    ['/productRequirementTracking/{id}/userReqChangeRecord', work.requirement.id],
    ['/productRequirementTracking/', work.spec.id],
    ['/productUserRequirement/', work.requirement.id],
    ['/productRequirementSpecs/', work.spec.id],
    ['/pmsProductModule/', work.module.id],
    ['/pmsProductPlan/', work.plan.id],
    ['/pmsProductRequirementTag/', work.tag.id],
    ['/pmsJournals/', work.journal.id],
    ['/pmsProduct/', work.product.id],
  ];
  return byFamily.find(([family]) => path.includes(family))?.[1] ?? null;
}

/** What `{id}` or `{ids}` names in a test-management route, or null for other routes. */
function testingIdFor(path: string, work: TestingWork): string | null {
  const byFamily: [string, string][] = [
    ['/pmsProjectTestcaseModule/', work.module.id],
    ['/pmsProjectTestcaseTag/', work.tag.id],
    ['/pmsProjectTestcase/', work.testcase.id],
    ['/pmsProjectTestsheetCases/', work.sheetCase.id],
    ['/pmsProjectTestsheetIssues/', `${work.sheetCase.id}~${work.testcase.id}`],
    ['/pmsProjectTestsheet/', work.sheet.id],
    ['/testReport/', work.report.id],
  ];
  return byFamily.find(([family]) => path.includes(family))?.[1] ?? null;
}

function addressOf(route: DocumentedRoute, where: Tenant, items: Tenant): string {
  const values: Record<string, string> = {
    identifier: route.path.startsWith('/api/file/')
      ? items.docs.file.file!.identifier
      : where.enterprise.enterpriseIdentifier,
    revision: '1',
    // A pipeline's run and job (isolation's pipelines have run 1 of their job `j`).
    run: '1',
    job: 'j',
    enterpriseIdentifier: where.enterprise.enterpriseIdentifier,
    id: idFor(route, where, items),
    issueId: items.work.issue.id,
    tagId: items.work.tag.id,
    journalId: items.work.journal.id,
    roleId: items.role.roleId,
    userId: items.member.userId,
    gitlinkUserId: items.member.userId,
    key: 'pms_priority',
    ids: testingIdFor(route.path, items.testing) ?? items.products.product.id,
    productIdentifier: items.products.product.identifier,
    pmsProjectId: items.work.project.id,
    repositoryId: items.repository.id,
    sessionId: items.memberSessionId,
    exportId: items.dataExport.id,
    inviteId: items.invitation.id,
    repoId: items.artifacts.repoId,
    name: items.artifacts.name,
    componentId: items.artifacts.componentId,
    snapshotName: items.artifacts.snapshotName,
    uploadId: 'none',
    // The package protocols (`/api/artifacts/{identifier}/{repo}/...`) name a repository by name.
    repo: items.artifacts.name,
    path: 'secret/a.txt',
    package: 'secret',
    tag: 'beta',
    // npm login names the account signing in: A's admin, with its own password in the body.
    user: `org.couchdb.user:${adminA.login}`,
  };
  const query = new URLSearchParams();
  for (const name of route.queryParams) {
    if (name === 'confirmIdentifier') query.set(name, where.enterprise.enterpriseIdentifier);
    if (name === 'roleId') query.set(name, items.role.roleId);
    if (name === 'pmsProjectId') query.set(name, items.work.project.id);
    if (name === 'pmIssueType') query.set(name, '3');
    if (name === 'productId') query.set(name, items.products.product.id);
    if (name === 'objectId') query.set(name, items.products.spec.id);
    if (name === 'type') query.set(name, route.path.includes('pmsProductLibrary') ? 'hosted' : '1');
    if (name === 'projectTestsheetId') query.set(name, items.testing.sheet.id);
    if (name === 'space') query.set(name, 'enterprise');
    if (name === 'folderId') query.set(name, items.docs.folder.id);
    if (name === 'issueId') query.set(name, items.work.issue.id);
    if (name === 'q') query.set(name, 'secret');
    // A folder listing names a folder, not a file.
    if (name === 'path') query.set(name, route.path.endsWith('/folders') ? 'secret' : 'secret/a.txt');
    if (name === 'nodeId') query.set(name, items.pipelines.node.id);
    if ((name === 'from' || name === 'to') && route.path.includes('Snapshot'))
      query.set(name, items.artifacts.snapshotName);
    if (name === 'subjectType') query.set(name, 'issue');
    if (name === 'subjectId') query.set(name, items.work.issue.id);
    // The mailed unsubscribe link is its own proof: A's link answers A's member, whoever calls.
    if (name === 'token') query.set(name, a.unsubscribeToken);
  }
  const search = query.toString();
  return fillPath(route.path, values) + (search ? `?${search}` : '');
}

/** A body that would be valid for the route, so a missing check would show as a success. */
function bodyFor(route: DocumentedRoute, items: Tenant): unknown {
  if (!route.hasBody) return undefined;
  const bodies: Record<string, unknown> = {
    'POST /api/auth/signup': {
      login: unique('u'),
      email: `${unique('m')}@example.test`,
      nickname: 'x',
      password: 'long-enough-1',
    },
    'POST /api/pms/pmsEnterprise': { identifier: unique('e'), name: 'Mine' },
    'POST /api/pms/pmsEnterprise/{identifier}/invitations': { email: `${unique('planted')}@example.test` },
    'PUT /api/pms/pmsEnterprise/{id}': { name: 'Hijacked', version: 1 },
    'PUT /api/system/dept/{id}/users/{userId}': { roleIds: [items.role.roleId] },
    'POST /api/system/dept/{id}/GitLinkUser': { gitlinkUserId: items.member.userId },
    'POST /api/system/SysDeptRole/dept/{id}/role': {
      roleName: 'Planted',
      roleKey: unique('planted'),
      permissions: [],
    },
    'PUT /api/system/SysDeptRole/dept/{id}/role/{roleId}': { roleName: 'Hijacked', version: 1 },
    'POST /api/pms/{identifier}/pmsProject': { name: 'Planted project' },
    'PUT /api/pms/{identifier}/pmsProject/{id}': { name: 'Hijacked', version: 1 },
    'POST /api/pms/{identifier}/pmsProject/{id}/members': { userIds: [items.member.userId] },
    'POST /api/pms/{identifier}/pmsProject/addNotice': {
      pmsProjectId: items.work.project.id,
      content: 'Planted',
    },
    'PUT /api/pms/{identifier}/pmsProject/editNotice': {
      pmsProjectId: items.work.project.id,
      content: 'Hijacked',
      version: 1,
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/add': {
      pmsProjectId: items.work.project.id,
      pmIssueType: 1,
      title: 'Planted',
    },
    'PUT /api/pms/{identifier}/pmsProjectIssues/edit/{id}': { title: 'Hijacked', version: 1 },
    'PUT /api/pms/{identifier}/pmsProjectIssues/edit/batch': {
      ids: [items.work.issue.id],
      changes: { title: 'Hijacked' },
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/link': {
      issueId: items.work.issue.id,
      linkedIssueId: items.work.other.id,
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/unlink': {
      issueId: items.work.issue.id,
      linkedIssueId: items.work.other.id,
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags': { name: 'planted', color: 'red' },
    'POST /api/pms/{identifier}/notifications/watch': {
      subjectType: 'issue',
      subjectId: items.work.issue.id,
    },
    'POST /api/pms/{identifier}/notifications/unwatch': {
      subjectType: 'issue',
      subjectId: items.work.issue.id,
    },
    'PUT /api/pms/{identifier}/notifications/preferences': { inApp: { assigned: false } },
    'PUT /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags/{tagId}': {
      name: 'hijacked',
      version: 1,
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/journals/{id}': { notes: 'Planted' },
    'PUT /api/pms/{identifier}/pmsProjectIssues/journals/{id}/{journalId}': { notes: 'Hijacked', version: 1 },
    'POST /api/pms/{identifier}/pmsProjectSprint': {
      pmsProjectId: items.work.project.id,
      name: 'Planted sprint',
      startDate: '2026-03-02',
      endDate: '2026-03-13',
    },
    'PUT /api/pms/{identifier}/pmsProjectSprint/{id}': { name: 'Hijacked', version: 1, status: 1 },
    'PUT /api/pms/{identifier}/pmsProjectSprint/{id}/issues': { remove: [items.work.issue.id] },
    'PUT /api/pms/{identifier}/pmsProjectSprint/{id}/complete': { version: 1, choice: 2 },
    'POST /api/pms/{identifier}/pmsRepository': { cloneUrl: items.repository.cloneUrl, token: 'x' },
    'PUT /api/pms/{identifier}/pmsRepository/{id}': { name: 'Hijacked', version: 1 },
    'POST /api/pms/{identifier}/pmsProjectRepository': {
      pmsProjectId: items.work.project.id,
      repositoryIds: [items.repository.id],
    },
    'POST /api/pms/{identifier}/pmsProjectIssues/repoBranches': {
      issueId: items.work.issue.id,
      repositoryId: items.repository.id,
      name: 'planted',
    },
    ...productBodies(items),
    ...testingBodies(items),
    ...weeklyBodies(items),
    ...docsBodies(items),
    ...artifactBodies(items),
  };
  return bodies[route.id] ?? {};
}

/** Valid bodies for the product routes, naming `items`' product, requirement, spec and so on. */
function productBodies(items: Tenant): Record<string, unknown> {
  const { product, module, plan, requirement, spec, journal } = items.products;
  const project = items.work.project.id;
  const p = (rest: string) => `/api/pms/{identifier}/${rest}`;
  return {
    [`POST ${p('pmsProduct')}`]: { name: 'Planted', identifier: uniqueProductKey() },
    [`PUT ${p('pmsProduct')}`]: { id: product.id, version: 1, name: 'Hijacked' },
    [`PUT ${p('pmsProduct/operateTop/{productIdentifier}')}`]: { top: true },
    [`POST ${p('pmsProductModule')}`]: { productId: product.id, name: 'Planted' },
    [`PUT ${p('pmsProductModule')}`]: { id: module.id, name: 'Hijacked', version: 1 },
    [`POST ${p('pmsProductPlan')}`]: { productId: product.id, title: 'Planted' },
    [`PUT ${p('pmsProductPlan')}`]: { id: plan.id, title: 'Hijacked', version: 1 },
    [`POST ${p('pmsProductRequirementTag')}`]: { name: unique('planted'), color: 'red' },
    [`PUT ${p('pmsProductRequirementTag/{id}')}`]: { name: 'hijacked', version: 1 },
    [`POST ${p('productUserRequirement')}`]: { productId: product.id, title: 'Planted' },
    [`PUT ${p('productUserRequirement')}`]: { id: requirement.id, version: requirement.version, status: 4 },
    [`PUT ${p('productUserRequirement/review')}`]: { id: requirement.id, version: 1, result: 'pass' },
    [`POST ${p('productRequirementSpecs')}`]: { productId: product.id, title: 'Planted' },
    [`PUT ${p('productRequirementSpecs')}`]: { id: spec.id, version: spec.version, title: 'Hijacked' },
    [`PUT ${p('productRequirementSpecs/batch')}`]: { ids: [spec.id], changes: { priority: 1 } },
    [`PUT ${p('productRequirementSpecs/review')}`]: { id: spec.id, version: spec.version, result: 'pass' },
    [`PUT ${p('productRequirementSpecs/change')}`]: {
      id: spec.id,
      version: spec.version,
      title: 'Hijacked',
      reason: 'Hijack',
    },
    [`PUT ${p('productRequirementSpecs/activePlan')}`]: { ids: [spec.id], planId: plan.id },
    [`POST ${p('pmsProductRequirement')}`]: { specId: spec.id, pmsProjectId: project },
    [`PUT ${p('pmsProductRequirement')}`]: {
      pmsProjectId: project,
      issueId: items.work.issue.id,
      specId: spec.id,
    },
    [`POST ${p('pmsJournals')}`]: { objectId: spec.id, notes: 'Planted' },
    [`PUT ${p('pmsJournals')}`]: { id: journal.id, notes: 'Hijacked', version: 1 },
  };
}

/** Valid bodies for the weekly-report routes, naming `items`' project, work item, report and template. */
function weeklyBodies(items: Tenant): Record<string, unknown> {
  const project = items.work.project.id;
  const { report, template } = items.weekly;
  const p = (rest: string) => `/api/pms/{identifier}/pmsProjectWeeklyReport/${rest}`;
  return {
    [`POST ${p('add')}`]: { pmsProjectId: project, templateId: template.id, content: { notes: 'Planted' } },
    [`PUT ${p('edit/{id}')}`]: { content: { notes: 'Hijacked' }, version: report.version },
    [`PUT ${p('issueCompletion')}`]: {
      memberWeeklyId: report.id,
      issueId: items.work.issue.id,
      completion: 99,
      version: report.version,
    },
    [`POST ${p('remind')}`]: { pmsProjectId: project },
    [`POST ${p('templates')}`]: {
      name: unique('Planted '),
      sections: [{ key: 'a', title: 'A', kind: 'text' }],
    },
  };
}

/** Valid bodies for the artifact library's routes, naming `items`' artifact repository. */
function artifactBodies(items: Tenant): Record<string, unknown> {
  const p = (rest: string) => `/api/pms/{identifier}/${rest}`;
  return {
    [`POST ${p('pmsProductLibraryRepositories/hosted')}`]: { name: unique('planted-'), format: 'raw' },
    [`PUT ${p('pmsProductLibraryRepositories/hosted/{id}')}`]: { writePolicy: 'allow', version: 1 },
    [`POST ${p('pmsProductLibraryRepositories/group')}`]: {
      name: unique('planted-'),
      format: 'raw',
      memberIds: [items.artifacts.repoId],
    },
    [`PUT ${p('pmsProductLibraryRepositories/group/{id}')}`]: {
      memberIds: [items.artifacts.repoId],
      version: 1,
    },
    [`PUT ${p('pmsProductLibraryRepositories/lockStatus/{id}')}`]: { locked: true },
    [`POST ${p('pmsProductLibrary/{repoId}/packaged')}`]: { path: 'planted.txt', size: 1 },
    'PUT /api/artifacts/{identifier}/{repo}/-/user/{user}': { name: adminA.login, password: adminA.password },
    [`POST ${p('pmsProductLibrarySnapshot/{repoId}')}`]: { name: unique('planted-') },
    [`POST ${p('pmsProductLibrary/{repoId}/copy')}`]: {
      targetRepositoryId: items.artifacts.repoId,
      paths: ['secret/a.txt'],
    },
    [`PUT ${p('pmsProductLibrary/{repoId}/retention')}`]: { keepLast: 3, maxAgeDays: null },
    'POST /api/artifactTokens': { name: 'Planted', scope: 'read' },
  };
}

/** Valid bodies for the knowledge-base routes, naming `items`' folder and page. */
function docsBodies(items: Tenant): Record<string, unknown> {
  const { folder, page } = items.docs;
  const p = (rest: string) => `/api/pms/{identifier}/${rest}`;
  return {
    [`POST ${p('folders')}`]: { space: 'enterprise', title: 'Planted', root_id: folder.id },
    [`POST ${p('wikiPages')}`]: { space: 'enterprise', title: 'Planted', root_id: folder.id },
    [`PUT ${p('docs/{id}')}`]: { title: 'Hijacked', version: 1 },
    [`PUT ${p('wikiPages/{id}')}`]: { content: 'Hijacked', baseRevision: 1 },
    [`POST ${p('wikiPages/{id}/revisions/{revision}/restore')}`]: { baseRevision: 1 },
    [`POST ${p('docs/files')}`]: { space: 'enterprise', fileName: 'x.pdf', size: 10, attachTo: page.id },
  };
}

/** Valid bodies for the test-management routes, naming `items`' project, cases, sheets and reports. */
function testingBodies(items: Tenant): Record<string, unknown> {
  const { testcase, module, sheet, sheetCase } = items.testing;
  const project = items.work.project.id;
  const p = (rest: string) => `/api/pms/{identifier}/${rest}`;
  return {
    [`POST ${p('pmsProjectTestcase')}`]: { pmsProjectId: project, title: 'Planted' },
    [`PUT ${p('pmsProjectTestcase/{id}')}`]: { title: 'Hijacked', version: 1 },
    [`PUT ${p('pmsProjectTestcase/batch')}`]: { ids: [testcase.id], moduleId: module.id },
    [`POST ${p('pmsProjectTestcase/copy')}`]: { ids: [testcase.id] },
    [`PUT ${p('pmsProjectTestcase/confirm')}`]: { ids: [testcase.id] },
    [`POST ${p('pmsProjectTestcase/partDownload')}`]: { pmsProjectId: project, ids: [testcase.id] },
    [`POST ${p('pmsProjectTestcaseModule')}`]: { pmsProjectId: project, name: 'Planted' },
    [`PUT ${p('pmsProjectTestcaseModule/{id}')}`]: { name: 'Hijacked', version: 1 },
    [`POST ${p('pmsProjectTestcaseModule/syncByProductModule')}`]: { pmsProjectId: project },
    [`POST ${p('pmsProjectTestcaseTag')}`]: { name: unique('planted'), color: 'red' },
    [`PUT ${p('pmsProjectTestcaseTag/{id}')}`]: { name: 'hijacked', version: 1 },
    [`PUT ${p('pmsProjectIssues/linkTestcase')}`]: { issueId: items.work.issue.id, link: [testcase.id] },
    [`POST ${p('pmsProjectTestsheet')}`]: { pmsProjectId: project, name: 'Planted', root_id: sheet.id },
    [`PUT ${p('pmsProjectTestsheet/{id}')}`]: { name: 'Hijacked', version: 1 },
    [`POST ${p('pmsProjectTestsheetCases')}`]: { projectTestsheetId: sheet.id, caseIds: [testcase.id] },
    [`PUT ${p('pmsProjectTestsheetCases/{id}')}`]: { result: 2, version: 1 },
    [`PUT ${p('pmsProjectTestsheetCases/batchUpdate')}`]: { idList: [sheetCase.id], result: 2 },
    [`POST ${p('pmsProjectTestsheetIssues')}`]: { projectTestsheetCasesId: sheetCase.id },
    [`POST ${p('pmsProjectTestsheetIssues/batchAdd')}`]: {
      projectTestsheetCasesId: sheetCase.id,
      linkIssueIds: [items.work.issue.id],
    },
    [`PUT ${p('pmsProjectTestsheetIssues/unlink')}`]: {
      projectTestsheetCasesId: sheetCase.id,
      linkIssueIds: [items.work.issue.id],
    },
    [`POST ${p('testReport')}`]: { projectTestsheetId: sheet.id, name: 'Planted' },
    [`PUT ${p('testReport/{id}')}`]: { name: 'Hijacked', version: 1 },
  };
}

async function callAsAdminOfA(route: DocumentedRoute, path: string, body: unknown): Promise<Res> {
  // A fresh session per call: sign-in, logout and password calls end sessions.
  const client = await freshSession(adminA);
  return client.call(route.method, path, { body });
}

/** Fails if the answer holds any of B's data beyond what the request itself sent (`sent`). */
function expectNoSecrets(res: Res, context: string, sent = ''): void {
  const text = JSON.stringify(res.body ?? '');
  for (const secret of secretsOfB.filter((s) => !sent.includes(s))) {
    expect(text, `${context} leaked ${secret}`).not.toContain(secret);
  }
}

describe("an admin of enterprise A, addressing enterprise B's routes", () => {
  it.each(documentedRoutes().map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const [path, body] = [addressOf(route, b, b), bodyFor(route, b)];
    const res = await callAsAdminOfA(route, path, body);
    if (isTenantRoute(route)) expect([403, 404], `${route.id} answered ${res.status}`).toContain(res.status);
    expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
  });

  it('changed nothing in B', async () => {
    const ownerBView = await freshSession({ userId: b.enterprise.ownerId });
    const enterprise = expectStatus(
      await ownerBView.get(`/api/pms/pmsEnterprise/${b.enterprise.enterpriseIdentifier}`),
      200,
    );
    expect(enterprise.data).toMatchObject({ name: b.enterprise.name, version: 1, memberCount: 2 });
    const role = expectStatus(
      await ownerBView.get(`/api/system/SysDeptRole/dept/${b.enterprise.id}/role/${b.role.roleId}`),
      200,
    );
    expect(role.data).toMatchObject({ roleName: b.role.roleName, version: 1, memberCount: 1 });
    const roles = expectStatus(
      await ownerBView.get(`/api/system/SysDeptRole/dept/${b.enterprise.id}/list`),
      200,
    ).data;
    expect(roles).toHaveLength(3);
    // B's member is still signed in: A's admin cannot sign out B's sessions.
    expectStatus(await b.member.client.get('/api/auth/me'), 200);
  });
});

describe("an admin of enterprise A, naming B's folders, pages and files inside A", () => {
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      ((isDocsPath(r.path) && r.pathParams.includes('id')) ||
        [
          'POST /api/pms/{identifier}/folders',
          'POST /api/pms/{identifier}/wikiPages',
          'POST /api/pms/{identifier}/docs/files',
        ].includes(r.id)),
  );

  it('covers the routes that take such ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    '%s answers 404 (or 400 for ids in the body)',
    async (_, route) => {
      const [path, body] = [addressOf(route, a, b), bodyFor(route, b)];
      const res = await callAsAdminOfA(route, path, body);
      expect([400, 404], `${route.id}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
    },
  );

  it("downloads none of B's files through A", async () => {
    const swapped = `${a.enterprise.id}.${b.docs.file.id}`;
    const res = await callAsAdminOfA(
      documentedRoutes().find((r) => r.path.startsWith('/api/file/'))!,
      `/api/file/common/downloadByIdentifier/${swapped}`,
      undefined,
    );
    expect(res.status).toBe(404);
  });

  it("left B's library untouched", async () => {
    const owner = await freshSession({ userId: b.enterprise.ownerId });
    const pms = `/api/pms/${b.enterprise.enterpriseIdentifier}`;
    const page = expectStatus(await owner.get(`${pms}/wikiPages/${b.docs.page.id}`), 200).data;
    expect(page).toMatchObject({
      title: b.docs.page.title,
      revision: 1,
      content: b.docs.page.content,
      version: 1,
    });
    const tree = expectStatus(await owner.get(`${pms}/docs/tree?space=enterprise`), 200).data;
    expect(tree.map((n: { title: string }) => n.title).sort()).toEqual(
      [b.docs.folder.title, 'secret.txt'].sort(),
    );
  });
});

describe("an admin of enterprise A, naming B's projects, work items, tags and comments inside A", () => {
  const WORK_PARAMS = new Set(['id', 'issueId', 'tagId', 'journalId']);
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      (r.path.includes('/pmsProject') || r.path.includes('/testReport')) &&
      (r.pathParams.some((p) => WORK_PARAMS.has(p)) || r.queryParams.includes('pmsProjectId') || r.hasBody) &&
      r.id !== 'POST /api/pms/{identifier}/pmsProject' &&
      r.id !== 'POST /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags' &&
      r.id !== 'POST /api/pms/{identifier}/pmsProjectTestcaseTag' &&
      // Names nothing of B's: a template of A's own.
      r.id !== 'POST /api/pms/{identifier}/pmsProjectWeeklyReport/templates' &&
      // Multipart: test/api/case-spreadsheets.test.ts uploads into another enterprise's project.
      r.id !== 'POST /api/pms/{identifier}/pmsProjectTestcase/upload',
  );

  it('covers the routes that take such ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(65);
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    '%s answers 404 (or 400 for ids in the body)',
    async (_, route) => {
      const [path, body] = [addressOf(route, a, b), bodyFor(route, b)];
      const res = await callAsAdminOfA(route, path, body);
      expect([400, 404], `${route.id}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
    },
  );

  it("left B's work untouched", async () => {
    const owner = await freshSession({ userId: b.enterprise.ownerId });
    const pms = `/api/pms/${b.enterprise.enterpriseIdentifier}`;
    const issue = expectStatus(await owner.get(`${pms}/pmsProjectIssues/${b.work.issue.id}`), 200).data;
    expect(issue).toMatchObject({ title: b.work.issue.title, version: 1, priority: b.work.issue.priority });
    expect(issue.links.map((l: { id: string }) => l.id)).toEqual([b.work.other.id]);
    const project = expectStatus(await owner.get(`${pms}/pmsProject/${b.work.project.id}`), 200).data;
    expect(project).toMatchObject({ name: b.work.project.name, version: 1, memberCount: 1, issueCount: 2 });
    const journals = expectStatus(
      await owner.get(`${pms}/pmsProjectIssues/journals/${b.work.issue.id}?kind=comment`),
      200,
    ).data;
    expect(journals.rows.map((j: { notes: string }) => j.notes)).toEqual([b.work.journal.notes]);
    const sprint = expectStatus(await owner.get(`${pms}/pmsProjectSprint/${b.work.sprint.id}`), 200).data;
    expect(sprint).toMatchObject({ name: b.work.sprint.name, version: 1, status: 0, issueCount: 1 });
  });

  it("left B's cases, sheets and reports untouched", async () => {
    const owner = await freshSession({ userId: b.enterprise.ownerId });
    const pms = `/api/pms/${b.enterprise.enterpriseIdentifier}`;
    const { testcase, sheet, sheetCase, report } = b.testing;
    const caseNow = expectStatus(await owner.get(`${pms}/pmsProjectTestcase/${testcase.id}`), 200).data;
    expect(caseNow).toMatchObject({ title: testcase.title, version: 1, priority: testcase.priority });
    expect(caseNow.linkedIssues).toEqual([]);
    const cases = expectStatus(
      await owner.get(`${pms}/pmsProjectTestcase/list?pmsProjectId=${b.work.project.id}`),
      200,
    ).data;
    expect(cases.total).toBe(1);
    const sheetNow = expectStatus(await owner.get(`${pms}/pmsProjectTestsheet/${sheet.id}`), 200).data;
    expect(sheetNow).toMatchObject({ name: sheet.name, version: 1, status: 0 });
    const row = expectStatus(await owner.get(`${pms}/pmsProjectTestsheetCases/${sheetCase.id}`), 200).data;
    expect(row).toMatchObject({ result: 0, runCount: 0, version: 1, linkIssueIds: [] });
    const reports = expectStatus(
      await owner.get(`${pms}/testReport/list?pmsProjectId=${b.work.project.id}`),
      200,
    ).data;
    expect(reports.rows.map((r: { name: string }) => r.name)).toEqual([report.name]);
  });
});

describe("an admin of enterprise A, naming B's artifact repository inside A", () => {
  const routes = documentedRoutes().filter(
    (r) => isTenantRoute(r) && (r.pathParams.includes('repoId') || r.pathParams.includes('repo')),
  );

  it('covers the routes that take an artifact repository id', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(routes.map((r) => [r.id, r] as const))('%s answers 404', async (_, route) => {
    const mixed = { ...a, artifacts: b.artifacts };
    const [path, body] = [addressOf(route, a, mixed), bodyFor(route, mixed)];
    const res = await callAsAdminOfA(route, path, body);
    expect(res.status, `${route.id}: ${JSON.stringify(res.body)}`).toBe(404);
    expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
  });
});

describe("an admin of enterprise A, naming B's repositories inside A", () => {
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      (r.pathParams.includes('repositoryId') ||
        (r.path.includes('/pmsRepository/{id}') && r.pathParams.includes('id')) ||
        (r.hasBody && /repoBranches|pmsProjectRepository$/.test(r.path))),
  );

  it('covers the routes that take a repository id', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    '%s answers 404 (or 400 for ids in the body)',
    async (_, route) => {
      // A's own project and work item, B's repository.
      const mixed = { ...a, repository: b.repository };
      const [path, body] = [addressOf(route, a, mixed), bodyFor(route, mixed)];
      const res = await callAsAdminOfA(route, path, body);
      expect([400, 404], `${route.id}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
    },
  );

  it("left B's repository untouched", async () => {
    const owner = await freshSession({ userId: b.enterprise.ownerId });
    const pms = `/api/pms/${b.enterprise.enterpriseIdentifier}`;
    const repository = expectStatus(await owner.get(`${pms}/pmsRepository/${b.repository.id}`), 200).data;
    expect(repository).toMatchObject({ name: b.repository.name, version: 1, linkedProjectCount: 1 });
  });
});

describe("an admin of enterprise A, naming B's products and everything in them inside A", () => {
  const PRODUCT_FAMILIES =
    /\/(pmsProduct|pmsProductModule|pmsProductPlan|pmsProductRequirementTag|productUserRequirement|productRequirementSpecs|productRequirementTracking|pmsProductRequirement|pmsJournals)(\/|$)/;
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      PRODUCT_FAMILIES.test(r.path) &&
      (r.pathParams.some((p) => p !== 'identifier') ||
        r.queryParams.includes('productId') ||
        r.queryParams.includes('objectId') ||
        (r.hasBody && r.method === 'PUT') ||
        (r.hasBody && r.method === 'POST' && !/pmsProduct$|pmsProductRequirementTag$/.test(r.path))),
  );

  it('covers the routes that take such ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(35);
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    '%s answers 404 (or 400 for ids in the body)',
    async (_, route) => {
      const [path, body] = [addressOf(route, a, b), bodyFor(route, b)];
      const res = await callAsAdminOfA(route, path, body);
      expect([400, 404], `${route.id}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
    },
  );

  it("left B's product untouched", async () => {
    const owner = await freshSession({ userId: b.enterprise.ownerId });
    const pms = `/api/pms/${b.enterprise.enterpriseIdentifier}`;
    const { product, spec, requirement, plan, module } = b.products;
    const productNow = expectStatus(await owner.get(`${pms}/pmsProduct/${product.id}`), 200).data;
    expect(productNow).toMatchObject({ name: product.name, version: 1, topAt: null });
    const specNow = expectStatus(await owner.get(`${pms}/productRequirementSpecs/${spec.id}`), 200).data;
    expect(specNow).toMatchObject({
      title: spec.title,
      version: spec.version,
      status: 2,
      planId: null,
      priority: spec.priority,
    });
    const requirementNow = expectStatus(
      await owner.get(`${pms}/productUserRequirement/${requirement.id}`),
      200,
    ).data;
    expect(requirementNow).toMatchObject({ title: requirement.title, status: 3 });
    const planNow = expectStatus(await owner.get(`${pms}/pmsProductPlan/${plan.id}`), 200).data;
    expect(planNow).toMatchObject({ title: plan.title, version: 1, specCount: 0 });
    const modules = expectStatus(
      await owner.get(`${pms}/pmsProductModule/list?productId=${product.id}`),
      200,
    ).data;
    expect(modules.map((m: { name: string }) => m.name)).toEqual([module.name]);
    const demands = expectStatus(
      await owner.get(`${pms}/productRequirementSpecs/${spec.id}/projectList`),
      200,
    ).data;
    expect(demands).toEqual([]);
  });
});

describe("an admin of enterprise A, addressing B's roles and members inside A", () => {
  // Adding a registered user is legitimate (users are global), so add routes are left out here.
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      (r.pathParams.includes('roleId') ||
        r.queryParams.includes('roleId') ||
        (r.method !== 'POST' && r.pathParams.some((p) => USER_PARAMS.has(p)))),
  );

  it('covers the routes with role or member ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) expect(route.pathParams.some((p) => ENTERPRISE_PARAMS.has(p))).toBe(true);
  });

  it.each(routes.map((r) => [r.id, r] as const))('%s answers 404', async (_, route) => {
    const [path, body] = [addressOf(route, a, b), bodyFor(route, a)];
    const res = await callAsAdminOfA(route, path, body);
    expect(res.status, `${route.id}: ${JSON.stringify(res.body)}`).toBe(404);
    expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
  });

  it("refuses B's role ids in request bodies, naming the id", async () => {
    const client = await freshSession(adminA);
    const assign = expectStatus(
      await client.put(`${deptPath(a.enterprise)}/users/${a.member.userId}`, { roleIds: [b.role.roleId] }),
      400,
    );
    expect(assign.body.errorMessage).toBe(`roleIds: Role ${b.role.roleId} does not exist in this enterprise`);
    const outsider = await signUp();
    expectStatus(
      await client.post(`${deptPath(a.enterprise)}/GitLinkUser`, {
        gitlinkUserId: outsider.userId,
        roleIds: [b.role.roleId],
      }),
      400,
    );
  });

  it("lists only A's data in every GET of A", async () => {
    for (const route of documentedRoutes().filter((r) => r.method === 'GET')) {
      const res = await callAsAdminOfA(route, addressOf(route, a, a), undefined);
      const npmOnly = NPM_ONLY_GETS.get(route.id);
      if (npmOnly) {
        // The fixture repository holds raw files: A's own repository is found, the npm package is
        // not (artifacts-npm.test.ts lists real tags through `npm dist-tag ls`, and
        // artifacts-npm-extras.test.ts searches with `npm search`).
        expect(res.body.errorMessage, route.id).toMatch(npmOnly);
        continue;
      }
      // The package protocols answer a stored file with a redirect to a short-lived address.
      const ok = route.path.startsWith('/api/artifacts/') && res.status === 302 ? 302 : 200;
      expect(res.status, `${route.id}: ${JSON.stringify(res.body)}`).toBe(ok);
      expectNoSecrets(res, route.id);
      const isMemberList =
        /userList|SysUserDeptRole/.test(route.path) && !route.path.includes('gitlinkUserList');
      if (isMemberList) expect(JSON.stringify(res.body), route.id).not.toContain(b.member.userId);
    }
  });
});

/** GETs of the npm protocol only, which the raw fixture repository cannot answer with a 200. */
const NPM_ONLY_GETS = new Map([
  ['GET /api/artifacts/{identifier}/{repo}/-/package/{package}/dist-tags', /^secret is not in secret-/],
  ['GET /api/artifacts/{identifier}/{repo}/-/v1/search', /^repository: secret-\S+ holds raw, not npm$/],
]);

describe('a member of both enterprises, in the inbox', () => {
  it("sees in each enterprise's inbox that enterprise's notifications only, and cannot mark the other's", async () => {
    const both = await signUp();
    const assignIn = async (t: Tenant) => {
      const owner = await freshSession({ userId: t.enterprise.ownerId });
      const pms = (rest: string) => `/api/pms/${t.enterprise.enterpriseIdentifier}/${rest}`;
      expectStatus(
        await owner.post(`${deptPath(t.enterprise)}/GitLinkUser`, { gitlinkUserId: both.userId }),
        201,
      );
      expectStatus(
        await owner.post(pms(`pmsProject/${t.work.project.id}/members`), { userIds: [both.userId] }),
        201,
      );
      const item = expectStatus(
        await owner.post<IssueDetail>(pms('pmsProjectIssues/add'), {
          pmsProjectId: t.work.project.id,
          pmIssueType: 2,
          title: unique('Inbox item '),
          assigneeId: both.userId,
        }),
        201,
      ).data;
      return { pms, item };
    };
    const [inA, inB] = [await assignIn(a), await assignIn(b)];
    await drainJobs();
    for (const [mine, theirs] of [
      [inA, inB],
      [inB, inA],
    ] as const) {
      const inbox = expectStatus(await both.client.get(mine.pms('notifications')), 200);
      expect(inbox.data.rows.map((n: { id: string }) => n.id)).toEqual([`issue.${mine.item.id}`]);
      expect(JSON.stringify(inbox.body)).not.toContain(theirs.item.id);
      const count = expectStatus(await both.client.get(mine.pms('notifications/unreadCount')), 200);
      expect(count.data).toEqual({ count: 1 });
      const crossed = await both.client.put(mine.pms(`notifications/issue.${theirs.item.id}/read`));
      expect(crossed.status).toBe(404);
      const watch = { subjectType: 'issue', subjectId: theirs.item.id };
      expect((await both.client.post(mine.pms('notifications/watch'), watch)).status).toBe(404);
    }
  });
});

describe('a member of both enterprises, on the work desk', () => {
  it("sees on each enterprise's desk that enterprise's items and todos only", async () => {
    const both = await signUp();
    const deskOf = async (t: Tenant) => {
      const owner = await freshSession({ userId: t.enterprise.ownerId });
      const pms = (rest: string) => `/api/pms/${t.enterprise.enterpriseIdentifier}/${rest}`;
      expectStatus(
        await owner.post(`${deptPath(t.enterprise)}/GitLinkUser`, { gitlinkUserId: both.userId }),
        201,
      );
      expectStatus(
        await owner.post(pms(`pmsProject/${t.work.project.id}/members`), { userIds: [both.userId] }),
        201,
      );
      const item = expectStatus(
        await owner.post<IssueDetail>(pms('pmsProjectIssues/add'), {
          pmsProjectId: t.work.project.id,
          pmIssueType: 2,
          title: unique('Desk item '),
          assigneeId: both.userId,
        }),
        201,
      ).data;
      const todo = expectStatus(
        await both.client.post<{ id: string }>(pms('todo'), { title: unique('Desk todo ') }),
        201,
      ).data;
      return { pms, item, todo };
    };
    const [inA, inB] = [await deskOf(a), await deskOf(b)];
    for (const [mine, theirs] of [
      [inA, inB],
      [inB, inA],
    ] as const) {
      const items = expectStatus(await both.client.get(mine.pms('myProjectIssues')), 200);
      expect(items.data.rows.map((r: { id: string }) => r.id)).toEqual([mine.item.id]);
      const todos = expectStatus(await both.client.get(mine.pms('todo')), 200);
      expect(todos.data.own.map((t: { id: string }) => t.id)).toEqual([mine.todo.id]);
      for (const res of [items, todos]) expect(JSON.stringify(res.body)).not.toContain(theirs.item.id);
      // The other enterprise's todo is not found through this one.
      const crossed = await both.client.put(mine.pms(`todo/${theirs.todo.id}`), { version: 1, done: true });
      expect(crossed.status).toBe(404);
    }
    const aDesk = expectStatus(await both.client.get(inA.pms('statistics')), 200);
    expect(aDesk.data).toMatchObject({ assigned: 1, todos: 1, projects: 1 });
    expectNoSecrets(aDesk, 'statistics');
  });
});
