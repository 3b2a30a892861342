/**
 * The permission matrix: one declarative table, one row per route, saying who may call it. Each
 * row is called by six principals and the answer's status class is checked:
 *
 * | principal          | who                                                                     |
 * | ------------------ | ----------------------------------------------------------------------- |
 * | owner              | created the enterprise, but holds only a role with no permissions:      |
 * |                    | everything passes through the owner bypass                              |
 * | admin              | a member holding the built-in admin role (`*:*:*`)                      |
 * | withPermission     | a member whose only role holds exactly the route's permission           |
 * | withoutPermission  | a member whose only role holds every permission except the route's      |
 * | outsider           | signed in, not a member                                                 |
 * | anonymous          | no session                                                              |
 *
 * The table must name every route of the OpenAPI document, with the access the document
 * declares: a new route fails this test until it gets its row.
 */
import { createHmac } from 'node:crypto';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import type { PackagedTicket } from '@shared/schemas/artifacts';
import type { Session } from '@shared/schemas/auth';
import type { Page } from '@shared/schemas/common';
import type { DocDetail, UploadTicket, WikiDetail } from '@shared/schemas/docs';
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
import type { Plan, Product, ProductModule, RequirementTag } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type { Repository, WebhookSettings } from '@shared/schemas/repositories';
import type { ProductJournal } from '@shared/schemas/requirements';
import type { Sprint } from '@shared/schemas/sprints';
import type { Role } from '@shared/schemas/system';
import type { CaseDetail, CaseModule, CaseTag } from '@shared/schemas/testcases';
import type { Report, Sheet, SheetCaseRow } from '@shared/schemas/testruns';
import type { ReportDetail, Template } from '@shared/schemas/weekly';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../functions/src/core/audit/log';
import { createLink } from '../../functions/src/core/mail/links';
import { deliver as deliverActivity } from '../../functions/src/modules/notifications/delivery';
import { createHosted, postToTicket, textBytes, uploadAsset } from './artifact-fixtures';
import { createFolder, createPage, postToStorage, savePage, uploadFile } from './docs-fixtures';
import {
  addMember,
  atInstant,
  builtInRole,
  Client,
  createEnterprise,
  createRole,
  expectStatus,
  freshSession,
  PASSWORD,
  setRoles,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { invitationWithToken } from './mail-fixtures';
import { type Access, documentedRoutes, fillPath } from './openapi-routes';
import {
  createProduct,
  createRequirement,
  createSpec,
  type ProductWork,
  productWorkOf,
  reviewedSpec,
  uniqueProductKey,
} from './product-fixtures';
import { gitServer, WorkingCopy } from './repository-fixtures';

const PRINCIPALS = [
  'owner',
  'admin',
  'withPermission',
  'withoutPermission',
  'outsider',
  'anonymous',
] as const;
type Principal = (typeof PRINCIPALS)[number];
type Outcome = '2xx' | 401 | 403 | 404;

interface Requirement {
  access: Access;
  permission?: string;
}

const PUBLIC: Requirement = { access: 'public' };
const SIGNED_IN: Requirement = { access: 'signedIn' };
const ANY_MEMBER: Requirement = { access: 'member' };
const needs = (permission: string): Requirement => ({ access: 'permission', permission });

/** What each principal gets, by the route's requirement. */
function outcomes(requirement: Requirement): Record<Principal, Outcome> {
  switch (requirement.access) {
    case 'public':
      return {
        owner: '2xx',
        admin: '2xx',
        withPermission: '2xx',
        withoutPermission: '2xx',
        outsider: '2xx',
        anonymous: '2xx',
      };
    case 'signedIn':
      return {
        owner: '2xx',
        admin: '2xx',
        withPermission: '2xx',
        withoutPermission: '2xx',
        outsider: '2xx',
        anonymous: 401,
      };
    case 'member':
      return {
        owner: '2xx',
        admin: '2xx',
        withPermission: '2xx',
        withoutPermission: '2xx',
        outsider: 404,
        anonymous: 401,
      };
    case 'permission':
      return {
        owner: '2xx',
        admin: '2xx',
        withPermission: '2xx',
        withoutPermission: 403,
        outsider: 404,
        anonymous: 401,
      };
  }
}

// ---- the world the rows act in --------------------------------------------------------------

interface People {
  owner: TestUser;
  admin: TestUser;
  withPermission: TestUser;
  withoutPermission: TestUser;
  outsider: TestUser;
  /** A member whose roles the role-assignment row changes. */
  target: TestUser;
  /** A registered user the add and remove rows move in and out. */
  spare: TestUser;
  /** Whose credentials the sign-in row uses. */
  signIn: TestUser;
}

/** One enterprise with the principals as members, and roles that grant exactly / all but one permission. */
class World {
  private readonly grants = new Map<string, { exact: Role; allBut: Role }>();
  /**
   * The permission the two permission principals hold now ('' for none; undefined when unknown).
   * The rows of one route, and routes of one permission in a row, share one grant instead of
   * setting the same roles again before every call.
   */
  private granted: string | undefined;

  private constructor(
    readonly people: People,
    readonly enterprise: Enterprise,
    readonly memberRole: Role,
    readonly nothingRole: Role,
    readonly fixtureRole: Role,
  ) {}

  /**
   * The owner, on a session of its own: the password row ends the owner's other sessions, so set-up
   * never relies on a long-lived one.
   */
  static async ownerActor(people: People): Promise<TestUser> {
    return { ...people.owner, client: await freshSession(people.owner) };
  }

  static async create(people: People): Promise<World> {
    const owner = await World.ownerActor(people);
    const enterprise = await createEnterprise(owner, 'Matrix');
    const admin = await builtInRole(owner, enterprise, 'admin');
    const member = await builtInRole(owner, enterprise, 'member');
    const nothing = await createRole(owner, enterprise, []);
    const fixture = await createRole(owner, enterprise, ['docs:doc:list']);
    await addMember(owner, enterprise, people.admin, [admin.roleId]);
    for (const person of [people.withPermission, people.withoutPermission]) {
      await addMember(owner, enterprise, person, [nothing.roleId]);
    }
    await addMember(owner, enterprise, people.target, [member.roleId]);
    // The owner keeps no permission at all: whatever it may do, it may do as the owner.
    await setRoles(owner, enterprise, owner, [nothing.roleId]);
    return new World(people, enterprise, member, nothing, fixture);
  }

  /** Gives withPermission and withoutPermission the roles for `permission` (none for any-member routes). */
  async grant(permission: string | undefined): Promise<void> {
    if (this.granted === (permission ?? '')) return;
    this.granted = undefined;
    const { withPermission, withoutPermission } = this.people;
    const owner = await World.ownerActor(this.people);
    if (!permission) {
      await setRoles(owner, this.enterprise, withPermission, [this.nothingRole.roleId]);
      await setRoles(owner, this.enterprise, withoutPermission, [this.nothingRole.roleId]);
      this.granted = '';
      return;
    }
    let roles = this.grants.get(permission);
    if (!roles) {
      roles = {
        exact: await createRole(owner, this.enterprise, [permission]),
        allBut: await createRole(
          owner,
          this.enterprise,
          ALL_PERMISSIONS.filter((p) => p !== permission),
        ),
      };
      this.grants.set(permission, roles);
    }
    await setRoles(owner, this.enterprise, withPermission, [roles.exact.roleId]);
    await setRoles(owner, this.enterprise, withoutPermission, [roles.allBut.roleId]);
    this.granted = permission;
  }

  async asOwner(): Promise<Client> {
    return freshSession(this.people.owner);
  }

  async spareIsMember(member: boolean): Promise<void> {
    const owner = await this.asOwner();
    const path = `/api/pms/pmsEnterprise/${this.enterprise.enterpriseIdentifier}/user/${this.people.spare.userId}`;
    const res = member ? await owner.post(path) : await owner.delete(path);
    if (![200, 201, 404, 409].includes(res.status))
      throw new Error(`could not move the spare user: ${res.status}`);
  }

  async current<T>(path: string): Promise<T> {
    return expectStatus(await (await this.asOwner()).get<T>(path), 200).data;
  }

  /** `/api/pms/{identifier}/{rest}` of this world's enterprise. */
  pms(rest: string): string {
    return `/api/pms/${this.enterprise.enterpriseIdentifier}/${rest}`;
  }

  private workPromise?: Promise<Work>;

  /** A project with a work item and a tag, made once per world by the owner. */
  work(): Promise<Work> {
    this.workPromise ??= (async () => {
      const project = await this.newProject();
      const issue = await this.newIssue(project.id);
      const owner = await this.asOwner();
      const tag = expectStatus(
        await owner.post<IssueTag>(this.pms('pmsProjectIssues/enterpriseIssueTags'), {
          name: unique('tag'),
          color: 'blue',
        }),
        201,
      ).data;
      return { project, issue, tag };
    })();
    return this.workPromise;
  }

  async newProject(): Promise<Project> {
    const owner = await this.asOwner();
    return expectStatus(await owner.post<Project>(this.pms('pmsProject'), { name: unique('Project ') }), 201)
      .data;
  }

  async newIssue(projectId: string, as?: TestUser): Promise<IssueDetail> {
    const client = as ? await freshSession(as) : await this.asOwner();
    return expectStatus(
      await client.post<IssueDetail>(this.pms('pmsProjectIssues/add'), {
        pmsProjectId: projectId,
        pmIssueType: 2,
        title: unique('Item '),
      }),
      201,
    ).data;
  }

  private repositoryPromise?: Promise<{ repository: Repository; webhook: WebhookSettings }>;

  /** A repository on the test git server, connected and linked to the shared project, made once. */
  repository(): Promise<{ repository: Repository; webhook: WebhookSettings }> {
    this.repositoryPromise ??= (async () => {
      const repository = await this.newRepository();
      const owner = await this.asOwner();
      const { project } = await this.work();
      expectStatus(
        await owner.post(this.pms('pmsProjectRepository'), {
          pmsProjectId: project.id,
          repositoryIds: [repository.id],
        }),
        201,
      );
      const webhook = await this.current<WebhookSettings>(this.pms(`pmsRepository/${repository.id}/webhook`));
      return { repository, webhook };
    })();
    return this.repositoryPromise;
  }

  /** A new repository with one commit on the git server (not connected). */
  async newCopy(): Promise<WorkingCopy> {
    const copy = await WorkingCopy.create();
    await copy.commit('Initial commit');
    await copy.push('main');
    return copy;
  }

  /** A new repository, connected by the owner. */
  async newRepository(): Promise<Repository> {
    const copy = await this.newCopy();
    return this.created<Repository>('pmsRepository', { cloneUrl: copy.cloneUrl, token: gitServer.token });
  }

  private productPromise?: Promise<ProductWork>;

  /** A product with a module, plan, tag, reviewed requirement and spec, and a comment, made once. */
  products(): Promise<ProductWork> {
    this.productPromise ??= (async () =>
      productWorkOf(await this.asOwner(), this.enterprise.enterpriseIdentifier))();
    return this.productPromise;
  }

  /** A comment on the shared spec, written by `author` when it may comment, else by the owner. */
  async productComment(author: TestUser | null): Promise<ProductJournal> {
    const { spec } = await this.products();
    const client = author ? await freshSession(author) : await this.asOwner();
    return expectStatus(
      await client.post<ProductJournal>(this.pms('pmsJournals'), { objectId: spec.id, notes: 'Noted' }),
      201,
    ).data;
  }

  private sprintPromise?: Promise<Sprint>;

  /** A not-started sprint in the shared project, made once. */
  sprint(): Promise<Sprint> {
    this.sprintPromise ??= (async () => this.newSprint())();
    return this.sprintPromise;
  }

  /** A new sprint in the shared project; `started` starts it. */
  async newSprint(started = false): Promise<Sprint> {
    const { project } = await this.work();
    const owner = await this.asOwner();
    const sprint = expectStatus(
      await owner.post<Sprint>(this.pms('pmsProjectSprint'), {
        pmsProjectId: project.id,
        name: unique('Sprint '),
        startDate: '2026-03-02',
        endDate: '2026-03-13',
      }),
      201,
    ).data;
    if (!started) return sprint;
    return expectStatus(
      await owner.put<Sprint>(this.pms(`pmsProjectSprint/${sprint.id}`), {
        version: sprint.version,
        status: 1,
        // Other sprints of the shared project may be running: start it anyway.
        confirmStart: true,
      }),
      200,
    ).data;
  }

  /** Makes `who` a member of the shared product (reviews are for product members). */
  async productMember(who: Principal): Promise<void> {
    if (who === 'anonymous' || who === 'outsider' || who === 'owner') return;
    const { product } = await this.products();
    const current = await this.current<Product>(this.pms(`pmsProduct/${product.id}`));
    const userId = this.people[who].userId;
    if (current.members.some((m) => m.userId === userId)) return;
    const memberIds = [...current.members.map((m) => m.userId), userId];
    const owner = await this.asOwner();
    expectStatus(
      await owner.put(this.pms('pmsProduct'), { id: product.id, version: current.version, memberIds }),
      200,
    );
  }

  // ---- knowledge base ----

  private docsPromise?: Promise<{ page: WikiDetail; file: DocDetail }>;

  /** A page and a confirmed file in the enterprise library, made once. */
  docs(): Promise<{ page: WikiDetail; file: DocDetail }> {
    this.docsPromise ??= (async () => {
      const owner = { ...this.people.owner, client: await this.asOwner() };
      const page = await createPage(owner, this.enterprise, {
        space: 'enterprise',
        title: unique('Page '),
        content: 'One',
      });
      const file = expectStatus(
        await uploadFile(
          owner,
          this.enterprise,
          { space: 'enterprise', fileName: 'notes.txt' },
          new TextEncoder().encode('hi'),
        ),
        200,
      ).data;
      return { page, file };
    })();
    return this.docsPromise;
  }

  async newFolder(): Promise<DocDetail> {
    const owner = { ...this.people.owner, client: await this.asOwner() };
    return createFolder(owner, this.enterprise, { space: 'enterprise', title: unique('Folder ') });
  }

  /** A new page with `revisions` revisions. */
  async newPage(revisions = 1): Promise<WikiDetail> {
    const owner = { ...this.people.owner, client: await this.asOwner() };
    const page = await createPage(owner, this.enterprise, {
      space: 'enterprise',
      title: unique('Page '),
      content: 'r1',
    });
    for (let n = 2; n <= revisions; n += 1) {
      expectStatus(
        await savePage(owner, this.enterprise, page.id, { content: `r${n}`, baseRevision: n - 1 }),
        200,
      );
    }
    return page;
  }

  async trashedFolder(): Promise<DocDetail> {
    const folder = await this.newFolder();
    expectStatus(await (await this.asOwner()).delete(this.pms(`docs/${folder.id}`)), 200);
    return folder;
  }

  /** An upload started and stored (not confirmed) by `who`. */
  async storedUpload(who: TestUser): Promise<UploadTicket> {
    const client = await freshSession(who);
    const ticket = expectStatus(
      await client.post<UploadTicket>(this.pms('docs/files'), {
        space: 'enterprise',
        fileName: 'a.txt',
        size: 2,
      }),
      201,
    ).data;
    expect((await postToStorage(ticket, new TextEncoder().encode('hi'), 'a.txt')).status).toBe(204);
    return ticket;
  }

  private testingPromise?: Promise<TestingWork>;

  /**
   * Test management, made once: a project linked to the shared product (so module sync works),
   * a case module, a case tag, a case, a work item, a sheet holding the case, and a report.
   */
  testing(): Promise<TestingWork> {
    this.testingPromise ??= (async () => {
      const { product } = await this.products();
      const owner = await this.asOwner();
      const project = expectStatus(
        await owner.post<Project>(this.pms('pmsProject'), { name: unique('Tested '), productId: product.id }),
        201,
      ).data;
      const module = await this.newCaseModule(project.id);
      const tag = await this.newCaseTag();
      const testcase = await this.newCase(project.id);
      const issue = await this.newIssue(project.id);
      const sheet = await this.newSheet(project.id);
      const sheetCase = await this.newSheetCase(sheet.id, testcase.id);
      const report = await this.newReport(sheet.id);
      return { project, module, tag, testcase, issue, sheet, sheetCase, report };
    })();
    return this.testingPromise;
  }

  async created<T>(path: string, body: unknown): Promise<T> {
    return expectStatus(await (await this.asOwner()).post<T>(this.pms(path), body), 201).data;
  }

  async newCaseModule(projectId?: string): Promise<CaseModule> {
    const pmsProjectId = projectId ?? (await this.testing()).project.id;
    return this.created('pmsProjectTestcaseModule', { pmsProjectId, name: unique('Module ') });
  }

  newCaseTag(): Promise<CaseTag> {
    return this.created('pmsProjectTestcaseTag', { name: unique('casetag'), color: 'green' });
  }

  async newCase(projectId?: string): Promise<CaseDetail> {
    const pmsProjectId = projectId ?? (await this.testing()).project.id;
    return this.created('pmsProjectTestcase', {
      pmsProjectId,
      title: unique('Case '),
      steps: [{ step: 'Open the page', expected: 'It shows' }],
    });
  }

  /** A case of the testing project flagged by a change of the spec it covers (a confirm clears it). */
  async flaggedCase(): Promise<CaseDetail> {
    const { product } = await this.products();
    const { project } = await this.testing();
    const owner = await this.asOwner();
    const spec = await reviewedSpec(owner, this.enterprise.enterpriseIdentifier, product.id);
    const testcase = await this.created<CaseDetail>('pmsProjectTestcase', {
      pmsProjectId: project.id,
      title: unique('Covering '),
      specIds: [spec.id],
    });
    const change = { id: spec.id, version: spec.version, title: unique('Changed '), reason: 'Scope grew' };
    expectStatus(await owner.put(this.pms('productRequirementSpecs/change'), change), 200);
    return testcase;
  }

  async newSheet(projectId?: string): Promise<Sheet> {
    const pmsProjectId = projectId ?? (await this.testing()).project.id;
    return this.created('pmsProjectTestsheet', { pmsProjectId, name: unique('Sheet ') });
  }

  /** Adds the case to the sheet and answers its sheet case. */
  async newSheetCase(sheetId?: string, caseId?: string): Promise<SheetCaseRow> {
    const projectTestsheetId = sheetId ?? (await this.testing()).sheet.id;
    const testcaseId = caseId ?? (await this.newCase()).id;
    await this.created('pmsProjectTestsheetCases', { projectTestsheetId, caseIds: [testcaseId] });
    const page = await this.current<Page<SheetCaseRow>>(
      this.pms(`pmsProjectTestsheetCases/list?projectTestsheetId=${projectTestsheetId}&pageSize=100`),
    );
    const row = page.rows.find((r) => r.caseId === testcaseId);
    if (!row) throw new Error('the case did not join the sheet');
    return row;
  }

  async newReport(sheetId?: string): Promise<Report> {
    const projectTestsheetId = sheetId ?? (await this.testing()).sheet.id;
    return this.created('testReport', { projectTestsheetId, name: unique('Report ') });
  }

  // ---- weekly reports ----

  private weeklyTeamPromise?: Promise<{ project: Project; report: ReportDetail }>;

  /**
   * A project with the owner, admin, withPermission and withoutPermission as members (weekly
   * reports are for a project's members) and the owner's submitted report of this week, made once.
   */
  weeklyTeam(): Promise<{ project: Project; report: ReportDetail }> {
    this.weeklyTeamPromise ??= (async () => {
      const project = await this.newProject();
      const { admin, withPermission, withoutPermission } = this.people;
      const owner = await this.asOwner();
      expectStatus(
        await owner.post(this.pms(`pmsProject/${project.id}/members`), {
          userIds: [admin, withPermission, withoutPermission].map((p) => p.userId),
        }),
        201,
      );
      const report = await this.created<ReportDetail>('pmsProjectWeeklyReport/add', {
        pmsProjectId: project.id,
        templateId: 'simple',
        submit: true,
      });
      return { project, report };
    })();
    return this.weeklyTeamPromise;
  }

  /** A new project with `who` as a member (or manager) when it is a member of the enterprise. */
  async weeklyProject(who: Principal, role: 'member' | 'manager' = 'member'): Promise<Project> {
    const project = await this.newProject();
    if (who === 'admin' || who === 'withPermission' || who === 'withoutPermission') {
      const owner = await this.asOwner();
      expectStatus(
        await owner.post(this.pms(`pmsProject/${project.id}/members`), {
          userIds: [this.people[who].userId],
          role,
        }),
        201,
      );
    }
    return project;
  }

  /**
   * A draft report listing one work item in a new project, written by `who` when it may succeed
   * (reports are changed by their authors), else by the owner. withPermission writes it under the
   * member role for a moment, since its own role holds only the row's `permission`.
   */
  async weeklyReport(who: Principal, permission: string): Promise<ReportDetail> {
    const author = who === 'admin' || who === 'withPermission' ? who : 'owner';
    const project = await this.weeklyProject(author);
    const issue = await this.newIssue(project.id);
    const owner = await World.ownerActor(this.people);
    if (author === 'withPermission') {
      this.granted = undefined;
      await setRoles(owner, this.enterprise, this.people.withPermission, [this.memberRole.roleId]);
    }
    const client = author === 'owner' ? owner.client : await freshSession(this.people[author]);
    const report = expectStatus(
      await client.post<ReportDetail>(this.pms('pmsProjectWeeklyReport/add'), {
        pmsProjectId: project.id,
        templateId: 'simple',
        items: [{ issueId: issue.id, list: 'thisWeek' }],
      }),
      201,
    ).data;
    if (author === 'withPermission') await this.grant(permission);
    return report;
  }

  /** A comment on the shared work item, written by `author` when it may comment, else by the owner. */
  async comment(author: TestUser | null): Promise<Journal> {
    const { issue } = await this.work();
    const client = author ? await freshSession(author) : await this.asOwner();
    return expectStatus(
      await client.post<Journal>(this.pms(`pmsProjectIssues/journals/${issue.id}`), { notes: 'Noted' }),
      201,
    ).data;
  }
}

interface Work {
  project: Project;
  issue: IssueDetail;
  tag: IssueTag;
}

interface TestingWork {
  project: Project;
  module: CaseModule;
  tag: CaseTag;
  testcase: CaseDetail;
  issue: IssueDetail;
  sheet: Sheet;
  sheetCase: SheetCaseRow;
  report: Report;
}

/** A multipart upload of a one-case CSV, as a browser's FormData would send it. */
function csvUpload(pmsProjectId: string): Pick<Call, 'rawBody' | 'headers'> {
  const boundary = 'matrixboundary';
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  const rawBody =
    part('Content-Disposition: form-data; name="pmsProjectId"', pmsProjectId) +
    part(
      'Content-Disposition: form-data; name="file"; filename="cases.csv"\r\nContent-Type: text/csv',
      `Title,Steps\r\n${unique('Imported ')},1. Open it\r\n`,
    ) +
    `--${boundary}--\r\n`;
  return { rawBody, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

interface Context {
  world: World;
  who: Principal;
  /** Whether this principal is expected to succeed (so destructive rows prepare a target). */
  succeeds: boolean;
  /** A new enterprise with the same members, for rows that would destroy the shared one. */
  freshWorld(): Promise<World>;
}

interface Call {
  /** Path parameters; `id`, `identifier` and `enterpriseIdentifier` default to the world's enterprise. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as is (multipart uploads), with its headers. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The world the call addresses, when not the shared one. */
  world?: World;
}

interface Row {
  requires: Requirement;
  call?(ctx: Context): Promise<Call> | Call;
}

const passwords = new Map<Principal, string>();

const DESK = 'dashboard:workdesk:view';
const ART_READ = 'artifact:repository:list';

/** A new todo of `writer` in the world's enterprise (the owner writes it for those expected to fail). */
async function deskTodoOf(world: World, writer: TestUser): Promise<string> {
  const client = await freshSession(writer);
  return expectStatus(await client.post<{ id: string }>(world.pms('todo'), { title: unique('Todo ') }), 201)
    .data.id;
}

/**
 * An unread notification of `who` in the world's enterprise (its id), delivered as the
 * notifications job delivers an event; principals without a member account get an id of nothing.
 */
async function notificationOf(world: World, who: Principal): Promise<string> {
  const subjectId = unique('matrix-item-').toLowerCase();
  if (who === 'anonymous' || who === 'outsider') return `issue.${subjectId}`;
  await deliverActivity({
    enterpriseId: world.enterprise.id,
    actorId: null,
    at: new Date().toISOString(),
    subject: {
      type: 'issue',
      id: subjectId,
      projectId: null,
      title: 'Matrix item',
      number: null,
      itemKind: null,
    },
    direct: [{ kind: 'assigned', userIds: [people[who].userId] }],
  });
  return `issue.${subjectId}`;
}

/** A new raw repository of the world's enterprise holding `file.txt` (rows that change or delete it). */
async function artifactRepoOf(world: World): Promise<{ id: string; name: string; componentId: string }> {
  const owner = await World.ownerActor(world.people);
  const repo = await createHosted(owner, world.enterprise, { format: 'raw' });
  const asset = expectStatus(
    await uploadAsset(owner, world.enterprise, repo.id, 'dir/file.txt', textBytes('x')),
    201,
  );
  return { id: repo.id, name: repo.name, componentId: asset.data.componentId! };
}

/** One artifact repository per world for the rows that only read it. */
const artifactRepos = new Map<World, ReturnType<typeof artifactRepoOf>>();
function sharedArtifactRepo(world: World): ReturnType<typeof artifactRepoOf> {
  let repo = artifactRepos.get(world);
  if (!repo) {
    repo = artifactRepoOf(world);
    artifactRepos.set(world, repo);
  }
  return repo;
}

/** One snapshot of the world's shared artifact repository, for the rows that read it. */
const artifactSnapshots = new Map<World, Promise<{ repoId: string; name: string }>>();
function sharedSnapshot(world: World): Promise<{ repoId: string; name: string }> {
  let snapshot = artifactSnapshots.get(world);
  if (!snapshot) {
    snapshot = sharedArtifactRepo(world).then(async ({ id }) => {
      const made = await world.created<{ name: string }>(`pmsProductLibrarySnapshot/${id}`, {
        name: unique('snap-'),
      });
      return { repoId: id, name: made.name };
    });
    artifactSnapshots.set(world, snapshot);
  }
  return snapshot;
}

/** Each principal's access token for the package protocol rows, made once. */
const clientTokens = new Map<Principal, Promise<string>>();

/**
 * The Authorization header of `who` for the protocol rows (`/api/artifacts/...`), which read the
 * caller from an access token; anonymous sends none.
 */
async function clientAuth(who: Principal): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  let token = clientTokens.get(who);
  if (!token) {
    token = freshSession(people[who]).then(async (client) => {
      const res = await client.post<{ token: string }>('/api/artifactTokens', {
        name: 'Matrix',
        scope: 'write',
      });
      return expectStatus(res, 201).data.token;
    });
    clientTokens.set(who, token);
  }
  return { Authorization: `Bearer ${await token}` };
}

/** An npm repository of the world holding `pkg@1.0.0`, published over the protocol by its owner. */
const npmRepos = new Map<World, Promise<string>>();
function npmRepoOf(world: World): Promise<string> {
  let repo = npmRepos.get(world);
  if (!repo) {
    repo = World.ownerActor(world.people).then(async (owner) => {
      const { name } = await createHosted(owner, world.enterprise, { format: 'npm', writePolicy: 'allow' });
      const tarball = Buffer.from('pkg').toString('base64');
      const res = await owner.client.put(
        `/api/artifacts/${world.enterprise.enterpriseIdentifier}/${name}/pkg`,
        {
          name: 'pkg',
          versions: { '1.0.0': { name: 'pkg', version: '1.0.0' } },
          'dist-tags': { latest: '1.0.0' },
          _attachments: { 'pkg-1.0.0.tgz': { data: tarball } },
        },
      );
      expectStatus(res, 201);
      return name;
    });
    npmRepos.set(world, repo);
  }
  return repo;
}

/** A PyPI repository of the world, for the upload row. */
const pypiRepos = new Map<World, Promise<string>>();
function pypiRepoOf(world: World): Promise<string> {
  let repo = pypiRepos.get(world);
  if (!repo) {
    repo = World.ownerActor(world.people).then(
      async (owner) => (await createHosted(owner, world.enterprise, { format: 'pypi' })).name,
    );
    pypiRepos.set(world, repo);
  }
  return repo;
}

/** twine's upload body: a new version of `matrix-pkg` each call. */
function pypiUpload(): { rawBody: string; headers: Record<string, string> } {
  const boundary = 'matrixboundary';
  const version = `1.0.${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n${value}\r\n`;
  const rawBody =
    part(':action', 'file_upload') +
    part('name', 'matrix-pkg') +
    part('version', version) +
    part('content', 'wheel', `matrix_pkg-${version}-py3-none-any.whl`) +
    `--${boundary}--\r\n`;
  return { rawBody, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

/** One data export per world, started by its owner (the export rows read it). */
const exportIds = new Map<World, Promise<string>>();
function exportIdOf(world: World): Promise<string> {
  let id = exportIds.get(world);
  if (!id) {
    id = World.ownerActor(world.people).then(async (owner) => {
      const path = `/api/pms/pmsEnterprise/${world.enterprise.enterpriseIdentifier}/export`;
      return expectStatus(await owner.client.post<DataExport>(path), 201).data.id;
    });
    exportIds.set(world, id);
  }
  return id;
}

// ---- THE TABLE: one row per route ------------------------------------------------------------

// ---- pipelines: a pipeline of the world's repository, and catalogue items made by forms -------

const MATRIX_PIPELINE_YAML = `name: Matrix
stages:
  - id: check
    jobs:
      - id: check
        steps:
          - id: show
            uses: git-info
`;

/** The catalogue's writes are form-encoded (spec section 7). */
function formCall(fields: Record<string, string | number>): Pick<Call, 'rawBody' | 'headers'> {
  return {
    rawBody: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };
}

async function newPipeline(world: World, yaml = MATRIX_PIPELINE_YAML): Promise<PipelineDetail> {
  const { repository } = await world.repository();
  const { project } = await world.work();
  return world.created<PipelineDetail>('pipelines', {
    repositoryId: repository.id,
    projectId: project.id,
    yaml,
  });
}

/** A step that waits a few seconds: its run is still going when the call comes. */
const MATRIX_SLOW_YAML = MATRIX_PIPELINE_YAML.replace(
  '            uses: git-info\n',
  '            uses: wait\n            with:\n              seconds: 3\n',
);

/** A pipeline with its run 1 started (and, with `ended`, waited for until it ends). */
async function newRun(
  world: World,
  options: { yaml?: string; ended?: boolean } = {},
): Promise<PipelineDetail> {
  const pipeline = await newPipeline(world, options.yaml);
  const owner = await world.asOwner();
  expectStatus(await owner.post(world.pms(`pipelines/${pipeline.id}/run`), {}), 201);
  for (let polls = 0; options.ended && polls < 400; polls += 1) {
    const run = await owner.get<{ finishedAt: string | null }>(
      world.pms(`pipelines/${pipeline.id}/run_results/1`),
    );
    if (run.data.finishedAt) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pipeline;
}

async function newCatalogueItem<T>(
  world: World,
  path: string,
  fields: Record<string, string | number>,
): Promise<T> {
  const { rawBody, headers } = formCall(fields);
  const owner = await world.asOwner();
  return expectStatus(await owner.call<T>('POST', world.pms(`actions/${path}`), { rawBody, headers }), 201)
    .data;
}

const newNodeType = (world: World) =>
  newCatalogueItem<NodeType>(world, 'node_types', { key: unique('type'), name: 'Type', icon: 'default' });

async function newActionNode(world: World): Promise<ActionNode> {
  const type = await newNodeType(world);
  return newCatalogueItem<ActionNode>(world, 'nodes', {
    key: unique('node'),
    name: 'Node',
    nodeTypeId: type.id,
    commandTemplate: 'echo {{ inputs.text }}',
  });
}

const newNodeInput = async (world: World) =>
  newCatalogueItem<NodeInput>(world, 'node_inputs', {
    nodeId: (await newActionNode(world)).id,
    name: 'extra',
    label: 'Extra',
    type: 'string',
  });

const newTemplate = (world: World) =>
  newCatalogueItem<PipelineTemplate>(world, 'templates', {
    name: unique('Template '),
    icon: 'shell',
    yaml: MATRIX_PIPELINE_YAML,
  });

const MATRIX: Record<string, Row> = {
  // Auth
  'POST /api/auth/signup': {
    requires: PUBLIC,
    call: () => {
      const login = unique('u');
      return { body: { login, email: `${login}@example.test`, nickname: 'New', password: PASSWORD } };
    },
  },
  'POST /api/auth/signin': {
    requires: PUBLIC,
    call: ({ world }) => ({ body: { login: world.people.signIn.login, password: PASSWORD } }),
  },
  'POST /api/accounts/logout.json': { requires: PUBLIC },
  'PUT /api/auth/password': {
    requires: SIGNED_IN,
    call: ({ who }) => ({
      body: { oldPassword: passwords.get(who) ?? PASSWORD, newPassword: `${unique('pw')}-long` },
    }),
  },
  'GET /api/auth/me': { requires: SIGNED_IN },
  'GET /api/auth/sessions': { requires: SIGNED_IN },
  'DELETE /api/auth/sessions/others': { requires: SIGNED_IN },
  'DELETE /api/auth/sessions/{sessionId}': {
    requires: SIGNED_IN,
    // Another session of the caller's, to sign out.
    call: async ({ world, who }) => {
      if (who === 'anonymous') return { params: { sessionId: 'none' } };
      const other = await freshSession(world.people[who]);
      const sessions = expectStatus(await other.get<Session[]>('/api/auth/sessions'), 200).data;
      return { params: { sessionId: sessions.find((s) => s.current)!.id } };
    },
  },
  'GET /api/pms/open/loginUrl': { requires: PUBLIC },
  'POST /api/auth/password/forgot': {
    requires: PUBLIC,
    call: () => ({ body: { email: `${unique('forgot')}@example.test` } }),
  },
  // A reset ends the account's sessions: each call resets a throwaway account, never a principal.
  'POST /api/auth/password/reset': {
    requires: PUBLIC,
    call: async () => {
      const user = await signUp();
      const token = await createLink('password-reset', user.userId, user.email, 60_000);
      return { body: { token, password: `${unique('pw')}-long` } };
    },
  },
  'GET /api/auth/email': { requires: SIGNED_IN },
  'POST /api/auth/email/verification': { requires: SIGNED_IN, call: () => ({ body: {} }) },
  'POST /api/auth/email/verify': {
    requires: PUBLIC,
    call: async () => {
      const user = await signUp();
      return { body: { token: await createLink('verify-email', user.userId, user.email, 60_000) } };
    },
  },
  'GET /api/setting.json': { requires: PUBLIC },

  // Enterprise
  'POST /api/pms/pmsEnterprise': {
    requires: SIGNED_IN,
    call: () => ({ body: { identifier: unique('e'), name: 'Mine' } }),
  },
  'GET /api/pms/pmsEnterprise/myList': { requires: SIGNED_IN },
  'GET /api/pms/pmsEnterprise/{identifier}': { requires: ANY_MEMBER },
  'GET /api/pms/pmsEnterprise/{identifier}/userList': { requires: needs('enterprise:member:list') },
  'PUT /api/pms/pmsEnterprise/{id}': {
    requires: needs('enterprise:settings:edit'),
    call: async ({ world }) => {
      const current = await world.current<Enterprise>(
        `/api/pms/pmsEnterprise/${world.enterprise.enterpriseIdentifier}`,
      );
      return { body: { name: unique('Renamed '), version: current.version } };
    },
  },
  'DELETE /api/pms/pmsEnterprise/{id}': {
    requires: needs('enterprise:settings:remove'),
    call: async (ctx) => {
      const world = ctx.succeeds ? await ctx.freshWorld() : ctx.world;
      return { world, query: { confirmIdentifier: world.enterprise.enterpriseIdentifier } };
    },
  },
  // One export runs at a time: each caller who may start one starts it in a world of its own.
  'POST /api/pms/pmsEnterprise/{identifier}/export': {
    requires: needs('enterprise:settings:remove'),
    call: async (ctx) => ({ world: ctx.succeeds ? await ctx.freshWorld() : ctx.world }),
  },
  'GET /api/pms/pmsEnterprise/{identifier}/export': { requires: needs('enterprise:settings:remove') },
  'GET /api/pms/pmsEnterprise/{identifier}/audit': {
    requires: needs('enterprise:audit:view'),
    call: () => ({ query: { area: 'projects', limit: '5' } }),
  },
  'GET /api/pms/pmsEnterprise/{identifier}/audit/csv': {
    requires: needs('enterprise:audit:view'),
    call: () => ({ query: { action: 'read' } }),
  },
  'GET /api/pms/pmsEnterprise/{identifier}/export/{exportId}': {
    requires: needs('enterprise:settings:remove'),
    call: async ({ world }) => ({ params: { exportId: await exportIdOf(world) } }),
  },
  'POST /api/pms/pmsEnterprise/{enterpriseIdentifier}/user/{gitlinkUserId}': {
    requires: needs('enterprise:member:add'),
    call: async ({ world }) => {
      await world.spareIsMember(false);
      return { params: { gitlinkUserId: world.people.spare.userId } };
    },
  },
  'DELETE /api/pms/pmsEnterprise/{enterpriseIdentifier}/user/{gitlinkUserId}': {
    requires: needs('enterprise:member:remove'),
    call: async ({ world }) => {
      await world.spareIsMember(true);
      return { params: { gitlinkUserId: world.people.spare.userId } };
    },
  },
  'POST /api/pms/pmsEnterprise/{identifier}/invitations': {
    requires: needs('enterprise:member:add'),
    call: () => ({ body: { email: `${unique('invited')}@example.test` } }),
  },
  'GET /api/pms/pmsEnterprise/{identifier}/invitations': { requires: needs('enterprise:member:list') },
  'POST /api/pms/pmsEnterprise/{identifier}/invitations/{inviteId}/resend': {
    requires: needs('enterprise:member:add'),
    call: async ({ world }) => {
      const { invitation } = await invitationWithToken(await world.asOwner(), world.enterprise);
      return { params: { inviteId: invitation.id } };
    },
  },
  'DELETE /api/pms/pmsEnterprise/{identifier}/invitations/{inviteId}': {
    requires: needs('enterprise:member:add'),
    call: async ({ world }) => {
      const { invitation } = await invitationWithToken(await world.asOwner(), world.enterprise);
      return { params: { inviteId: invitation.id } };
    },
  },
  'POST /api/pms/pmsEnterprise/invitations/lookup': {
    requires: PUBLIC,
    call: async ({ world }) => {
      const { token } = await invitationWithToken(await world.asOwner(), world.enterprise);
      return { body: { token } };
    },
  },
  // Every principal but the outsider is a member of the world: each joins an enterprise of its own host.
  'POST /api/pms/pmsEnterprise/invitations/accept': {
    requires: SIGNED_IN,
    call: async () => {
      const host = await signUp();
      const { token } = await invitationWithToken(host.client, await createEnterprise(host, 'Inviting'));
      return { body: { token } };
    },
  },

  // System
  'GET /api/system/dict/data/type/{key}': {
    requires: SIGNED_IN,
    call: () => ({ params: { key: 'pms_bug_status' } }),
  },
  'GET /api/system/user/{id}/getInfo': { requires: ANY_MEMBER },
  'GET /api/system/SysUserDeptRole/dept/{id}/list': { requires: needs('enterprise:member:list') },
  'PUT /api/system/dept/{id}/users/{userId}': {
    requires: needs('system:role:assign'),
    call: ({ world }) => ({
      params: { userId: world.people.target.userId },
      body: { roleIds: [world.memberRole.roleId] },
    }),
  },
  'DELETE /api/system/dept/{id}/users/{userId}': {
    requires: needs('enterprise:member:remove'),
    call: async ({ world }) => {
      await world.spareIsMember(true);
      return { params: { userId: world.people.spare.userId } };
    },
  },
  'POST /api/system/dept/{id}/GitLinkUser': {
    requires: needs('enterprise:member:add'),
    call: async ({ world }) => {
      await world.spareIsMember(false);
      return { body: { gitlinkUserId: world.people.spare.userId } };
    },
  },
  'GET /api/system/dept/{id}/gitlinkUserList': { requires: needs('enterprise:member:add') },
  'GET /api/system/SysDeptRole/dept/{id}/list': { requires: needs('system:role:list') },
  'GET /api/system/SysDeptRole/dept/{id}/roleMenuTreeSelect': {
    requires: needs('system:role:list'),
    call: ({ world }) => ({ query: { roleId: world.fixtureRole.roleId } }),
  },
  'GET /api/system/SysDeptRole/dept/{id}/role/{roleId}': {
    requires: needs('system:role:list'),
    call: ({ world }) => ({ params: { roleId: world.fixtureRole.roleId } }),
  },
  'POST /api/system/SysDeptRole/dept/{id}/role': {
    requires: needs('system:role:add'),
    call: () => ({ body: { roleName: 'Made', roleKey: unique('made'), permissions: ['docs:doc:list'] } }),
  },
  'PUT /api/system/SysDeptRole/dept/{id}/role/{roleId}': {
    requires: needs('system:role:edit'),
    call: async ({ world }) => {
      const path = `/api/system/SysDeptRole/dept/${world.enterprise.id}/role/${world.fixtureRole.roleId}`;
      const current = await world.current<Role>(path);
      return {
        params: { roleId: current.roleId },
        body: { roleName: unique('Edited '), version: current.version },
      };
    },
  },
  'DELETE /api/system/SysDeptRole/dept/{id}/role/{roleId}': {
    requires: needs('system:role:remove'),
    call: async ({ world }) => {
      const role = await createRole(await World.ownerActor(world.people), world.enterprise, []);
      return { params: { roleId: role.roleId } };
    },
  },

  // Projects
  'GET /api/pms/{identifier}/pmsProject/list': { requires: needs('project:project:list') },
  'GET /api/pms/{identifier}/pmsProject/userList': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.work()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProject': {
    requires: needs('project:project:add'),
    call: () => ({ body: { name: unique('Project ') } }),
  },
  'GET /api/pms/{identifier}/pmsProject/{id}': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },
  'PUT /api/pms/{identifier}/pmsProject/{id}': {
    requires: needs('project:project:edit'),
    call: async ({ world }) => {
      const { project } = await world.work();
      const current = await world.current<Project>(world.pms(`pmsProject/${project.id}`));
      return { params: { id: project.id }, body: { description: unique('d'), version: current.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProject/{id}': {
    requires: needs('project:project:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newProject()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProject/{id}/members': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProject/{id}/members': {
    requires: needs('project:member:edit'),
    call: async ({ world }) => ({
      params: { id: (await world.work()).project.id },
      body: { userIds: [world.people.target.userId] },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProject/{id}/members/{userId}': {
    requires: needs('project:member:edit'),
    call: async ({ world }) => {
      const { project } = await world.work();
      const owner = await world.asOwner();
      await owner.post(world.pms(`pmsProject/${project.id}/members`), {
        userIds: [world.people.target.userId],
      });
      return { params: { id: project.id, userId: world.people.target.userId } };
    },
  },
  'POST /api/pms/{identifier}/pmsProject/addNotice': {
    requires: needs('project:notice:edit'),
    call: async ({ world }) => ({ body: { pmsProjectId: (await world.newProject()).id, content: 'Hello' } }),
  },
  'GET /api/pms/{identifier}/pmsProject/getNotice/{id}': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },
  'PUT /api/pms/{identifier}/pmsProject/editNotice': {
    requires: needs('project:notice:edit'),
    call: async ({ world }) => {
      const project = await world.newProject();
      const owner = await world.asOwner();
      await owner.post(world.pms('pmsProject/addNotice'), { pmsProjectId: project.id, content: 'First' });
      return { body: { pmsProjectId: project.id, content: 'Second', version: 1 } };
    },
  },
  'GET /api/pms/{identifier}/pmsProject/{id}/statistics/pie-barChart': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProject/{id}/statistics/lineChart': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProject/{id}/statistics/dynamics': {
    requires: needs('project:project:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).project.id } }),
  },

  // Work items
  'GET /api/pms/{identifier}/pmsProjectIssues/list': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.work()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/{id}': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).issue.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectIssues/add': {
    requires: needs('project:issue:add'),
    call: async ({ world }) => ({
      body: { pmsProjectId: (await world.work()).project.id, pmIssueType: 1, title: unique('Demand ') },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProjectIssues/edit/batch': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => ({ body: { ids: [(await world.work()).issue.id], changes: { priority: 2 } } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectIssues/edit/{id}': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const { issue } = await world.work();
      const current = await world.current<IssueDetail>(world.pms(`pmsProjectIssues/${issue.id}`));
      return { params: { id: issue.id }, body: { title: unique('Renamed '), version: current.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectIssues/{id}': {
    requires: needs('project:issue:remove'),
    call: async ({ world }) => ({
      params: { id: (await world.newIssue((await world.work()).project.id)).id },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/issueStatus': {
    requires: needs('project:issue:list'),
    call: () => ({ query: { pmIssueType: '3' } }),
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/issuePriorities': { requires: needs('project:issue:list') },
  'GET /api/pms/{identifier}/pmsProjectIssues/issueTags': { requires: needs('project:issue:list') },
  'GET /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags': { requires: needs('project:issue:list') },
  'POST /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags': {
    requires: needs('project:tag:edit'),
    call: () => ({ body: { name: unique('tag'), color: 'green' } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags/{tagId}': {
    requires: needs('project:tag:edit'),
    call: async ({ world }) => {
      const { tag } = await world.work();
      const tags = await world.current<IssueTag[]>(world.pms('pmsProjectIssues/enterpriseIssueTags'));
      const current = tags.find((t) => t.id === tag.id)!;
      return { params: { tagId: tag.id }, body: { color: 'red', version: current.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectIssues/enterpriseIssueTags/{tagId}': {
    requires: needs('project:tag:edit'),
    call: async ({ world }) => {
      const owner = await world.asOwner();
      const tag = expectStatus(
        await owner.post<IssueTag>(world.pms('pmsProjectIssues/enterpriseIssueTags'), {
          name: unique('gone'),
          color: 'gray',
        }),
        201,
      ).data;
      return { params: { tagId: tag.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/optionalParentIssue/{issueId}': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ params: { issueId: (await world.work()).issue.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectIssues/link': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const { project, issue } = await world.work();
      return { body: { issueId: issue.id, linkedIssueId: (await world.newIssue(project.id)).id } };
    },
  },
  'POST /api/pms/{identifier}/pmsProjectIssues/unlink': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const { project, issue } = await world.work();
      const other = await world.newIssue(project.id);
      const body = { issueId: issue.id, linkedIssueId: other.id };
      expectStatus(await (await world.asOwner()).post(world.pms('pmsProjectIssues/link'), body), 201);
      return { body };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/journals/{id}': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ params: { id: (await world.work()).issue.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectIssues/journals/{id}': {
    requires: needs('project:issue:comment'),
    call: async ({ world }) => ({ params: { id: (await world.work()).issue.id }, body: { notes: 'Seen' } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectIssues/journals/{id}/{journalId}': {
    requires: needs('project:issue:comment'),
    // Comments are their authors' to edit: a principal that may comment edits its own.
    call: async ({ world, who, succeeds }) => {
      const journal = await world.comment(succeeds && who !== 'owner' ? world.people[who as 'admin'] : null);
      return {
        params: { id: journal.issueId, journalId: journal.id },
        body: { notes: 'Edited', version: journal.version },
      };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectIssues/journals/{id}/{journalId}': {
    requires: needs('project:issue:comment'),
    call: async ({ world, who, succeeds }) => {
      const journal = await world.comment(succeeds && who !== 'owner' ? world.people[who as 'admin'] : null);
      return { params: { id: journal.issueId, journalId: journal.id } };
    },
  },

  // Products
  'GET /api/pms/{identifier}/pmsProduct/list': { requires: needs('product:product:list') },
  'GET /api/pms/{identifier}/pmsProduct/userList': {
    requires: needs('product:product:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'GET /api/pms/{identifier}/pmsProduct/{id}': {
    requires: needs('product:product:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).product.id } }),
  },
  'POST /api/pms/{identifier}/pmsProduct': {
    requires: needs('product:product:add'),
    call: () => ({ body: { name: unique('Product '), identifier: uniqueProductKey() } }),
  },
  'PUT /api/pms/{identifier}/pmsProduct': {
    requires: needs('product:product:edit'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const current = await world.current<Product>(world.pms(`pmsProduct/${product.id}`));
      return { body: { id: product.id, version: current.version, description: unique('d') } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProduct/operateTop/{productIdentifier}': {
    requires: needs('product:product:edit'),
    call: async ({ world }) => ({
      params: { productIdentifier: (await world.products()).product.identifier },
      body: { top: true },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProduct/{ids}': {
    requires: needs('product:product:remove'),
    call: async ({ world }) => {
      const product = await createProduct(await world.asOwner(), world.enterprise.enterpriseIdentifier);
      return { params: { ids: product.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductModule/list': {
    requires: needs('product:product:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'GET /api/pms/{identifier}/pmsProductModule/treeList': {
    requires: needs('product:product:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'POST /api/pms/{identifier}/pmsProductModule': {
    requires: needs('product:module:add'),
    call: async ({ world }) => ({
      body: { productId: (await world.products()).product.id, name: unique('Module ') },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProductModule': {
    requires: needs('product:module:edit'),
    call: async ({ world }) => {
      const { product, module } = await world.products();
      const modules = await world.current<ProductModule[]>(
        world.pms(`pmsProductModule/list?productId=${product.id}`),
      );
      const current = modules.find((m) => m.id === module.id)!;
      return { body: { id: module.id, name: unique('Module '), version: current.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProductModule/{id}': {
    requires: needs('product:module:remove'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const owner = await world.asOwner();
      const module = expectStatus(
        await owner.post<ProductModule>(world.pms('pmsProductModule'), {
          productId: product.id,
          name: unique('Gone '),
        }),
        201,
      ).data;
      return { params: { id: module.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductPlan/list': {
    requires: needs('product:plan:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'GET /api/pms/{identifier}/pmsProductPlan/{id}': {
    requires: needs('product:plan:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).plan.id } }),
  },
  'POST /api/pms/{identifier}/pmsProductPlan': {
    requires: needs('product:plan:add'),
    call: async ({ world }) => ({
      body: { productId: (await world.products()).product.id, title: unique('Plan ') },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProductPlan': {
    requires: needs('product:plan:edit'),
    call: async ({ world }) => {
      const { plan } = await world.products();
      const current = await world.current<Plan>(world.pms(`pmsProductPlan/${plan.id}`));
      return { body: { id: plan.id, version: current.version, title: unique('Plan ') } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProductPlan/{id}': {
    requires: needs('product:plan:remove'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const owner = await world.asOwner();
      const plan = expectStatus(
        await owner.post<Plan>(world.pms('pmsProductPlan'), {
          productId: product.id,
          title: unique('Gone '),
        }),
        201,
      ).data;
      return { params: { id: plan.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductPriority/list': { requires: needs('product:product:list') },
  'GET /api/pms/{identifier}/pmsProductStatus/list': {
    requires: needs('product:product:list'),
    call: () => ({ query: { type: '1' } }),
  },
  'GET /api/pms/{identifier}/typeList': { requires: needs('product:product:list') },
  'GET /api/pms/{identifier}/pmsProductRequirementTag/list': { requires: needs('product:product:list') },
  'POST /api/pms/{identifier}/pmsProductRequirementTag': {
    requires: needs('product:tag:edit'),
    call: () => ({ body: { name: unique('tag'), color: 'green' } }),
  },
  'PUT /api/pms/{identifier}/pmsProductRequirementTag/{id}': {
    requires: needs('product:tag:edit'),
    call: async ({ world }) => {
      const { tag } = await world.products();
      const tags = await world.current<RequirementTag[]>(world.pms('pmsProductRequirementTag/list'));
      const current = tags.find((t) => t.id === tag.id)!;
      return { params: { id: tag.id }, body: { color: 'red', version: current.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProductRequirementTag/{id}': {
    requires: needs('product:tag:edit'),
    call: async ({ world }) => {
      const owner = await world.asOwner();
      const tag = expectStatus(
        await owner.post<RequirementTag>(world.pms('pmsProductRequirementTag'), {
          name: unique('gone'),
          color: 'gray',
        }),
        201,
      ).data;
      return { params: { id: tag.id } };
    },
  },

  // User requirements and specs
  'GET /api/pms/{identifier}/productUserRequirement/list': {
    requires: needs('product:requirement:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'GET /api/pms/{identifier}/productUserRequirement/statusList': {
    requires: needs('product:requirement:list'),
  },
  'GET /api/pms/{identifier}/productUserRequirement/{id}': {
    requires: needs('product:requirement:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).requirement.id } }),
  },
  'POST /api/pms/{identifier}/productUserRequirement': {
    requires: needs('product:requirement:add'),
    call: async ({ world }) => ({
      body: { productId: (await world.products()).product.id, title: unique('Requirement ') },
    }),
  },
  'PUT /api/pms/{identifier}/productUserRequirement': {
    requires: needs('product:requirement:edit'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const draft = await createRequirement(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { id: draft.id, version: draft.version, title: unique('Edited ') } };
    },
  },
  'PUT /api/pms/{identifier}/productUserRequirement/review': {
    requires: needs('product:requirement:review'),
    call: async ({ world, who, succeeds }) => {
      const { product } = await world.products();
      if (succeeds) await world.productMember(who);
      const draft = await createRequirement(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { id: draft.id, version: draft.version, result: 'pass' } };
    },
  },
  'DELETE /api/pms/{identifier}/productUserRequirement/{id}': {
    requires: needs('product:requirement:remove'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const draft = await createRequirement(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { params: { id: draft.id } };
    },
  },
  'GET /api/pms/{identifier}/productRequirementTracking/{id}/userReqChangeRecord': {
    requires: needs('product:requirement:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).requirement.id } }),
  },
  'GET /api/pms/{identifier}/productRequirementSpecs/list': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ query: { productId: (await world.products()).product.id } }),
  },
  'GET /api/pms/{identifier}/productRequirementSpecs/statusList': { requires: needs('product:spec:list') },
  'GET /api/pms/{identifier}/productRequirementSpecs/{id}': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).spec.id } }),
  },
  'GET /api/pms/{identifier}/productRequirementSpecs/{id}/projectList': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).spec.id } }),
  },
  'POST /api/pms/{identifier}/productRequirementSpecs': {
    requires: needs('product:spec:add'),
    call: async ({ world }) => ({
      body: { productId: (await world.products()).product.id, title: unique('Spec ') },
    }),
  },
  'PUT /api/pms/{identifier}/productRequirementSpecs': {
    requires: needs('product:spec:edit'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const draft = await createSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { id: draft.id, version: draft.version, title: unique('Edited ') } };
    },
  },
  'PUT /api/pms/{identifier}/productRequirementSpecs/batch': {
    requires: needs('product:spec:edit'),
    call: async ({ world }) => ({
      body: { ids: [(await world.products()).spec.id], changes: { priority: 2 } },
    }),
  },
  'PUT /api/pms/{identifier}/productRequirementSpecs/review': {
    requires: needs('product:spec:review'),
    call: async ({ world, who, succeeds }) => {
      const { product } = await world.products();
      if (succeeds) await world.productMember(who);
      const draft = await createSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { id: draft.id, version: draft.version, result: 'pass' } };
    },
  },
  'PUT /api/pms/{identifier}/productRequirementSpecs/change': {
    requires: needs('product:spec:change'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const spec = await reviewedSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return {
        body: { id: spec.id, version: spec.version, title: unique('Changed '), reason: 'Scope grew' },
      };
    },
  },
  'PUT /api/pms/{identifier}/productRequirementSpecs/activePlan': {
    requires: needs('product:spec:edit'),
    call: async ({ world }) => {
      const { product, plan } = await world.products();
      const spec = await reviewedSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { ids: [spec.id], planId: plan.id } };
    },
  },
  'DELETE /api/pms/{identifier}/productRequirementSpecs/{id}': {
    requires: needs('product:spec:remove'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const draft = await createSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { params: { id: draft.id } };
    },
  },
  'GET /api/pms/{identifier}/productRequirementTracking/{id}/reqSpecsChangeRecord': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).spec.id } }),
  },
  'GET /api/pms/{identifier}/productRequirementTracking/{id}/associatedPlan': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).spec.id } }),
  },
  'GET /api/pms/{identifier}/productRequirementTracking/{id}/associatedTestcase': {
    requires: needs('product:spec:list'),
    call: async ({ world }) => ({ params: { id: (await world.products()).spec.id } }),
  },
  'POST /api/pms/{identifier}/pmsProductRequirement': {
    requires: needs('project:issue:add'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const { project } = await world.work();
      const spec = await reviewedSpec(
        await world.asOwner(),
        world.enterprise.enterpriseIdentifier,
        product.id,
      );
      return { body: { specId: spec.id, pmsProjectId: project.id } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProductRequirement': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const { product } = await world.products();
      const { project } = await world.work();
      const owner = await world.asOwner();
      const spec = await reviewedSpec(owner, world.enterprise.enterpriseIdentifier, product.id);
      const demand = expectStatus(
        await owner.post<IssueDetail>(world.pms('pmsProjectIssues/add'), {
          pmsProjectId: project.id,
          pmIssueType: 1,
          title: unique('Demand '),
        }),
        201,
      ).data;
      return { body: { pmsProjectId: project.id, issueId: demand.id, specId: spec.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsJournals/list': {
    requires: needs('product:product:list'),
    call: async ({ world }) => ({ query: { objectId: (await world.products()).spec.id } }),
  },
  'POST /api/pms/{identifier}/pmsJournals': {
    requires: needs('product:requirement:comment'),
    call: async ({ world }) => ({ body: { objectId: (await world.products()).spec.id, notes: 'Seen' } }),
  },
  'PUT /api/pms/{identifier}/pmsJournals': {
    requires: needs('product:requirement:comment'),
    // Comments are their authors' to edit: a principal that may comment edits its own.
    call: async ({ world, who, succeeds }) => {
      const journal = await world.productComment(
        succeeds && who !== 'owner' ? world.people[who as 'admin'] : null,
      );
      return { body: { id: journal.id, notes: 'Edited', version: journal.version } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsJournals/{id}': {
    requires: needs('product:requirement:comment'),
    call: async ({ world, who, succeeds }) => {
      const journal = await world.productComment(
        succeeds && who !== 'owner' ? world.people[who as 'admin'] : null,
      );
      return { params: { id: journal.id } };
    },
  },

  // Iterations
  'GET /api/pms/{identifier}/pmsProjectSprint/list': {
    requires: needs('project:sprint:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.work()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectSprint': {
    requires: needs('project:sprint:add'),
    call: async ({ world }) => ({
      body: {
        pmsProjectId: (await world.work()).project.id,
        name: unique('Sprint '),
        startDate: '2026-04-01',
        endDate: '2026-04-14',
      },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectSprint/{id}': {
    requires: needs('project:sprint:list'),
    call: async ({ world }) => ({ params: { id: (await world.sprint()).id } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectSprint/{id}': {
    requires: needs('project:sprint:edit'),
    call: async ({ world }) => {
      const sprint = await world.sprint();
      const current = await world.current<Sprint>(world.pms(`pmsProjectSprint/${sprint.id}`));
      return { params: { id: sprint.id }, body: { version: current.version, goal: unique('goal ') } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectSprint/{id}': {
    requires: needs('project:sprint:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newSprint()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectSprint/{id}/issues': {
    requires: needs('project:sprint:list'),
    call: async ({ world }) => ({ params: { id: (await world.sprint()).id } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectSprint/{id}/issues': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const sprint = await world.sprint();
      const issue = await world.newIssue((await world.work()).project.id);
      return { params: { id: sprint.id }, body: { add: [issue.id] } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProjectSprint/{id}/complete': {
    requires: needs('project:sprint:complete'),
    call: async ({ world }) => {
      const sprint = await world.newSprint(true);
      return { params: { id: sprint.id }, body: { version: sprint.version, choice: 2 } };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectSprint/{id}/burnDownChart': {
    requires: needs('project:sprint:list'),
    call: async ({ world }) => ({ params: { id: (await world.sprint()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectSprint/{id}/statistics': {
    requires: needs('project:sprint:list'),
    call: async ({ world }) => ({ params: { id: (await world.sprint()).id } }),
  },

  // Pipelines
  'GET /api/pms/{identifier}/pipelines/list': { requires: needs('pipeline:pipeline:list') },
  'POST /api/pms/{identifier}/pipelines': {
    requires: needs('pipeline:pipeline:add'),
    call: async ({ world }) => {
      const { repository } = await world.repository();
      const { project } = await world.work();
      return { body: { repositoryId: repository.id, projectId: project.id, yaml: MATRIX_PIPELINE_YAML } };
    },
  },
  'GET /api/pms/{identifier}/pipelines/{id}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'PUT /api/pms/{identifier}/pipelines/{id}': {
    requires: needs('pipeline:pipeline:edit'),
    call: async ({ world }) => {
      const pipeline = await newPipeline(world);
      return {
        params: { id: pipeline.id },
        body: { version: pipeline.version, projectId: pipeline.projectId },
      };
    },
  },
  'DELETE /api/pms/{identifier}/pipelines/{id}': {
    requires: needs('pipeline:pipeline:remove'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/enable': {
    requires: needs('pipeline:pipeline:edit'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/disable': {
    requires: needs('pipeline:pipeline:edit'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/save_yaml': {
    requires: needs('pipeline:pipeline:edit'),
    call: async ({ world }) => {
      const pipeline = await newPipeline(world);
      return { params: { id: pipeline.id }, body: { version: pipeline.version, yaml: MATRIX_PIPELINE_YAML } };
    },
  },
  'GET /api/pms/{identifier}/pipelines/{id}/revisions': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/run': {
    requires: needs('pipeline:pipeline:run'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id }, body: {} }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/runs/{run}/stop': {
    requires: needs('pipeline:pipeline:run'),
    call: async ({ world }) => ({
      params: { id: (await newRun(world, { yaml: MATRIX_SLOW_YAML })).id, run: '1' },
    }),
  },
  'POST /api/pms/{identifier}/pipelines/{id}/actions/runs/{run}/rerun': {
    requires: needs('pipeline:pipeline:run'),
    call: async ({ world }) => ({
      params: { id: (await newRun(world, { ended: true })).id, run: '1' },
      body: {},
    }),
  },
  'GET /api/pms/{identifier}/pipelines/{id}/runs': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newPipeline(world)).id } }),
  },
  'GET /api/pms/{identifier}/pipelines/{id}/run_results/{run}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newRun(world)).id, run: '1' } }),
  },
  'GET /api/pms/{identifier}/pipelines/{id}/runs/{run}/jobs/{job}/logs': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newRun(world)).id, run: '1', job: 'check' } }),
  },
  'GET /api/pms/{identifier}/actions/node_types': { requires: needs('pipeline:pipeline:list') },
  'POST /api/pms/{identifier}/actions/node_types': {
    requires: needs('pipeline:admin:edit'),
    call: () => formCall({ key: unique('type'), name: 'Type', icon: 'go' }),
  },
  'GET /api/pms/{identifier}/actions/node_types/{id}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newNodeType(world)).id } }),
  },
  'PUT /api/pms/{identifier}/actions/node_types/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => {
      const type = await newNodeType(world);
      return { params: { id: type.id }, ...formCall({ version: type.version, name: 'Renamed', icon: 'go' }) };
    },
  },
  'DELETE /api/pms/{identifier}/actions/node_types/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => ({ params: { id: (await newNodeType(world)).id } }),
  },
  'GET /api/pms/{identifier}/actions/nodes': { requires: needs('pipeline:pipeline:list') },
  'POST /api/pms/{identifier}/actions/nodes': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) =>
      formCall({
        key: unique('node'),
        name: 'Node',
        nodeTypeId: (await newNodeType(world)).id,
        commandTemplate: 'true',
      }),
  },
  'GET /api/pms/{identifier}/actions/nodes/{id}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newActionNode(world)).id } }),
  },
  'PUT /api/pms/{identifier}/actions/nodes/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => {
      const node = await newActionNode(world);
      return {
        params: { id: node.id },
        ...formCall({
          version: node.version,
          name: 'Renamed',
          nodeTypeId: node.nodeTypeId,
          commandTemplate: 'true',
        }),
      };
    },
  },
  'DELETE /api/pms/{identifier}/actions/nodes/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => ({ params: { id: (await newActionNode(world)).id } }),
  },
  'GET /api/pms/{identifier}/actions/node_inputs': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ query: { nodeId: (await newActionNode(world)).id } }),
  },
  'POST /api/pms/{identifier}/actions/node_inputs': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) =>
      formCall({ nodeId: (await newActionNode(world)).id, name: 'text', label: 'Text', type: 'string' }),
  },
  'GET /api/pms/{identifier}/actions/node_inputs/{id}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newNodeInput(world)).id } }),
  },
  'PUT /api/pms/{identifier}/actions/node_inputs/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => {
      const input = await newNodeInput(world);
      return {
        params: { id: input.id },
        ...formCall({ version: input.version, label: 'Renamed', type: 'text' }),
      };
    },
  },
  'DELETE /api/pms/{identifier}/actions/node_inputs/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => ({ params: { id: (await newNodeInput(world)).id } }),
  },
  'GET /api/pms/{identifier}/actions/templates': { requires: needs('pipeline:pipeline:list') },
  'POST /api/pms/{identifier}/actions/templates': {
    requires: needs('pipeline:admin:edit'),
    call: () => formCall({ name: unique('Template '), icon: 'shell', yaml: MATRIX_PIPELINE_YAML }),
  },
  'GET /api/pms/{identifier}/actions/templates/{id}': {
    requires: needs('pipeline:pipeline:list'),
    call: async ({ world }) => ({ params: { id: (await newTemplate(world)).id } }),
  },
  'PUT /api/pms/{identifier}/actions/templates/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => {
      const template = await newTemplate(world);
      return {
        params: { id: template.id },
        ...formCall({ version: template.version, name: 'Renamed', icon: 'go', yaml: MATRIX_PIPELINE_YAML }),
      };
    },
  },
  'DELETE /api/pms/{identifier}/actions/templates/{id}': {
    requires: needs('pipeline:admin:edit'),
    call: async ({ world }) => ({ params: { id: (await newTemplate(world)).id } }),
  },

  // Code repositories
  'GET /api/pms/{identifier}/pmsRepository/list': { requires: needs('code:repository:list') },
  'POST /api/pms/{identifier}/pmsRepository': {
    requires: needs('code:repository:add'),
    call: async ({ world }) => ({
      body: { cloneUrl: (await world.newCopy()).cloneUrl, token: gitServer.token },
    }),
  },
  'GET /api/pms/{identifier}/pmsRepository/{id}': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  'PUT /api/pms/{identifier}/pmsRepository/{id}': {
    requires: needs('code:repository:edit'),
    call: async ({ world }) => {
      const { repository } = await world.repository();
      const current = await world.current<Repository>(world.pms(`pmsRepository/${repository.id}`));
      return {
        params: { id: repository.id },
        body: { version: current.version, description: unique('About ') },
      };
    },
  },
  'DELETE /api/pms/{identifier}/pmsRepository/{id}': {
    requires: needs('code:repository:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newRepository()).id } }),
  },
  'GET /api/pms/{identifier}/pmsRepository/{id}/branches': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  'GET /api/pms/{identifier}/pmsRepository/{id}/tags': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  'GET /api/pms/{identifier}/pmsRepository/{id}/commits': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  'GET /api/pms/{identifier}/pmsRepository/{id}/webhook': {
    requires: needs('code:repository:edit'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  'POST /api/pms/{identifier}/pmsRepository/{id}/sync': {
    requires: needs('code:repository:edit'),
    call: async ({ world }) => ({ params: { id: (await world.repository()).repository.id } }),
  },
  // Public: a host's delivery proves itself with its signature, whoever sends it.
  'POST /api/pms/{identifier}/pmsRepository/{id}/webhook': {
    requires: PUBLIC,
    call: async ({ world }) => {
      const { repository, webhook } = await world.repository();
      const rawBody = JSON.stringify({ zen: 'Design for failure.', hook_id: 7 });
      const signature = createHmac('sha256', webhook.secret).update(rawBody).digest('hex');
      return {
        params: { id: repository.id },
        rawBody,
        headers: {
          'Content-Type': 'application/json',
          'X-GitHub-Event': 'ping',
          'X-GitHub-Delivery': unique('delivery'),
          'X-Hub-Signature-256': `sha256=${signature}`,
        },
      };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectRepository/list': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.work()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectRepository/list/unlinked': {
    requires: needs('code:repository:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.work()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectRepository': {
    requires: needs('code:repository:link'),
    call: async ({ world }) => {
      const { repository } = await world.repository();
      return { body: { pmsProjectId: (await world.newProject()).id, repositoryIds: [repository.id] } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectRepository/{pmsProjectId}/{repositoryId}': {
    requires: needs('code:repository:link'),
    call: async ({ world }) => {
      const { repository } = await world.repository();
      const project = await world.newProject();
      await world.created('pmsProjectRepository', {
        pmsProjectId: project.id,
        repositoryIds: [repository.id],
      });
      return { params: { pmsProjectId: project.id, repositoryId: repository.id } };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/repoBranches': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ query: { issueId: (await world.work()).issue.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectIssues/repoBranches': {
    requires: needs('code:branch:add'),
    call: async ({ world }) => {
      const { repository } = await world.repository();
      const { issue } = await world.work();
      return {
        body: {
          issueId: issue.id,
          repositoryId: repository.id,
          name: `feature/${issue.issueNumber}-${unique('b')}`,
        },
      };
    },
  },
  'GET /api/pms/{identifier}/pmsProjectIssues/repoCommits': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ query: { issueId: (await world.work()).issue.id } }),
  },

  // Test management: the case library
  'GET /api/pms/{identifier}/pmsProjectTestcase/list': {
    requires: needs('test:case:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestcase': {
    requires: needs('test:case:add'),
    call: async ({ world }) => ({
      body: { pmsProjectId: (await world.testing()).project.id, title: unique('Case ') },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestcase/{id}': {
    requires: needs('test:case:list'),
    call: async ({ world }) => ({ params: { id: (await world.testing()).testcase.id } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestcase/{id}': {
    requires: needs('test:case:edit'),
    call: async ({ world }) => {
      const { testcase } = await world.testing();
      const current = await world.current<CaseDetail>(world.pms(`pmsProjectTestcase/${testcase.id}`));
      return { params: { id: testcase.id }, body: { version: current.version, title: unique('Case ') } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestcase/{ids}': {
    requires: needs('test:case:remove'),
    call: async ({ world }) => ({ params: { ids: (await world.newCase()).id } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestcase/batch': {
    requires: needs('test:case:edit'),
    call: async ({ world }) => ({ body: { ids: [(await world.testing()).testcase.id], priority: 2 } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestcase/copy': {
    requires: needs('test:case:add'),
    call: async ({ world }) => ({ body: { ids: [(await world.testing()).testcase.id] } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestcase/confirm': {
    requires: needs('test:case:edit'),
    // Those expected through confirm a flagged case, so the call changes something.
    call: async ({ world, succeeds }) => ({
      body: { ids: [(succeeds ? await world.flaggedCase() : (await world.testing()).testcase).id] },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestcase/download': {
    requires: needs('test:case:import'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestcase/partDownload': {
    requires: needs('test:case:import'),
    call: async ({ world }) => {
      const { project, testcase } = await world.testing();
      return { body: { pmsProjectId: project.id, ids: [testcase.id] } };
    },
  },
  'POST /api/pms/{identifier}/pmsProjectTestcase/upload': {
    requires: needs('test:case:import'),
    call: async ({ world }) => csvUpload((await world.testing()).project.id),
  },
  'GET /api/pms/{identifier}/pmsProjectTestcaseModule/treeList': {
    requires: needs('test:case:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestcaseModule': {
    requires: needs('test:case:add'),
    call: async ({ world }) => ({
      body: { pmsProjectId: (await world.testing()).project.id, name: unique('Module ') },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestcaseModule/{id}': {
    requires: needs('test:case:edit'),
    call: async ({ world }) => {
      const module = await world.newCaseModule();
      return { params: { id: module.id }, body: { version: module.version, name: unique('Renamed ') } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestcaseModule/{id}': {
    requires: needs('test:case:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newCaseModule()).id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestcaseModule/syncByProductModule': {
    requires: needs('test:case:add'),
    call: async ({ world }) => ({ body: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestcaseTag/list': { requires: needs('test:case:list') },
  'POST /api/pms/{identifier}/pmsProjectTestcaseTag': {
    requires: needs('test:case:add'),
    call: () => ({ body: { name: unique('casetag'), color: 'blue' } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestcaseTag/{id}': {
    requires: needs('test:case:edit'),
    call: async ({ world }) => {
      const tag = await world.newCaseTag();
      return { params: { id: tag.id }, body: { version: tag.version, color: 'red' } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestcaseTag/{id}': {
    requires: needs('test:case:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newCaseTag()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestcaseType/list': { requires: needs('test:case:list') },
  'PUT /api/pms/{identifier}/pmsProjectIssues/linkTestcase': {
    requires: needs('project:issue:edit'),
    call: async ({ world }) => {
      const { issue, testcase } = await world.testing();
      return { body: { issueId: issue.id, link: [testcase.id] } };
    },
  },

  // Test management: sheets, results, linked work items, reports
  'GET /api/pms/{identifier}/pmsProjectTestsheet/list': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestsheet/treeList': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestsheet': {
    requires: needs('test:sheet:add'),
    call: async ({ world }) => ({
      body: { pmsProjectId: (await world.testing()).project.id, name: unique('Sheet ') },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestsheet/{id}': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ params: { id: (await world.testing()).sheet.id } }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestsheet/{id}': {
    requires: needs('test:sheet:edit'),
    call: async ({ world }) => {
      const sheet = await world.newSheet();
      return { params: { id: sheet.id }, body: { version: sheet.version, name: unique('Renamed ') } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestsheet/{id}': {
    requires: needs('test:sheet:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newSheet()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestsheetCases/list': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ query: { projectTestsheetId: (await world.testing()).sheet.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestsheetCases/{id}': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ params: { id: (await world.testing()).sheetCase.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestsheetCases': {
    requires: needs('test:sheet:edit'),
    call: async ({ world }) => ({
      body: { projectTestsheetId: (await world.testing()).sheet.id, caseIds: [(await world.newCase()).id] },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProjectTestsheetCases/{id}': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => {
      const row = await world.newSheetCase();
      return { params: { id: row.id }, body: { version: row.version, result: 1 } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProjectTestsheetCases/batchUpdate': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => ({ body: { idList: [(await world.testing()).sheetCase.id], result: 3 } }),
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestsheetCases/{ids}': {
    requires: needs('test:sheet:edit'),
    call: async ({ world }) => ({ params: { ids: (await world.newSheetCase()).id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectTestsheetIssues/list': {
    requires: needs('test:sheet:list'),
    call: async ({ world }) => ({ query: { projectTestsheetId: (await world.testing()).sheet.id } }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestsheetIssues': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => ({
      body: { projectTestsheetCasesId: (await world.testing()).sheetCase.id, title: unique('Bug ') },
    }),
  },
  'POST /api/pms/{identifier}/pmsProjectTestsheetIssues/batchAdd': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => {
      const { project, sheetCase } = await world.testing();
      const issue = await world.newIssue(project.id);
      return { body: { projectTestsheetCasesId: sheetCase.id, linkIssueIds: [issue.id] } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProjectTestsheetIssues/unlink': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => {
      const { project, sheetCase } = await world.testing();
      const issue = await world.newIssue(project.id);
      const link = { projectTestsheetCasesId: sheetCase.id, linkIssueIds: [issue.id] };
      expectStatus(
        await (await world.asOwner()).post(world.pms('pmsProjectTestsheetIssues/batchAdd'), link),
        200,
      );
      return { body: link };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectTestsheetIssues/{id}': {
    requires: needs('test:sheet:execute'),
    call: async ({ world }) => {
      const { project, sheetCase } = await world.testing();
      const issue = await world.newIssue(project.id);
      const link = { projectTestsheetCasesId: sheetCase.id, linkIssueIds: [issue.id] };
      expectStatus(
        await (await world.asOwner()).post(world.pms('pmsProjectTestsheetIssues/batchAdd'), link),
        200,
      );
      return { params: { id: `${sheetCase.id}~${issue.id}` } };
    },
  },
  'GET /api/pms/{identifier}/testReport/list': {
    requires: needs('test:report:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.testing()).project.id } }),
  },
  'POST /api/pms/{identifier}/testReport': {
    requires: needs('test:report:add'),
    call: async ({ world }) => ({
      body: { projectTestsheetId: (await world.testing()).sheet.id, name: unique('Report ') },
    }),
  },
  'GET /api/pms/{identifier}/testReport/{id}': {
    requires: needs('test:report:list'),
    call: async ({ world }) => ({ params: { id: (await world.testing()).report.id } }),
  },
  'PUT /api/pms/{identifier}/testReport/{id}': {
    requires: needs('test:report:edit'),
    call: async ({ world }) => {
      const report = await world.newReport();
      return { params: { id: report.id }, body: { version: report.version, summary: 'All good' } };
    },
  },
  'DELETE /api/pms/{identifier}/testReport/{ids}': {
    requires: needs('test:report:remove'),
    call: async ({ world }) => ({ params: { ids: (await world.newReport()).id } }),
  },
  'GET /api/pms/{identifier}/testReport/chart/{id}': {
    requires: needs('test:report:list'),
    call: async ({ world }) => ({ params: { id: (await world.testing()).report.id } }),
  },

  // Work desk: a todo is its writer's alone, so those expected through edit and delete their own.
  'GET /api/pms/{identifier}/myProjectIssues': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/myProjects': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/myProjects/statistics': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/myProjectSprints': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/statistics': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/todo': { requires: needs(DESK) },
  'POST /api/pms/{identifier}/todo': { requires: needs(DESK), call: () => ({ body: { title: 'Matrix' } }) },
  'PUT /api/pms/{identifier}/todo/{id}': {
    requires: needs(DESK),
    call: async ({ world, who, succeeds }) => ({
      params: { id: await deskTodoOf(world, succeeds && who !== 'anonymous' ? people[who] : people.owner) },
      body: { version: 1, done: true },
    }),
  },
  'DELETE /api/pms/{identifier}/todo/{id}': {
    requires: needs(DESK),
    call: async ({ world, who, succeeds }) => ({
      params: { id: await deskTodoOf(world, succeeds && who !== 'anonymous' ? people[who] : people.owner) },
    }),
  },
  'GET /api/pms/{identifier}/myProduct': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/userRequirementStat': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/productRequirementSpecsStat': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/milestoneStatusStat': { requires: needs(DESK) },
  'GET /api/pms/{identifier}/myRepositories/statistics': { requires: needs(DESK) },

  // Notifications: every member has an inbox; the rows that write give the caller one to mark.
  'GET /api/pms/{identifier}/notifications': { requires: ANY_MEMBER },
  'GET /api/pms/{identifier}/notifications/unreadCount': { requires: ANY_MEMBER },
  'PUT /api/pms/{identifier}/notifications/{id}/read': {
    requires: ANY_MEMBER,
    call: async ({ world, who }) => ({ params: { id: await notificationOf(world, who) } }),
  },
  'PUT /api/pms/{identifier}/notifications/readAll': {
    requires: ANY_MEMBER,
    call: async ({ world, who }) => {
      await notificationOf(world, who);
      return {};
    },
  },
  'GET /api/pms/{identifier}/notifications/preferences': { requires: ANY_MEMBER },
  'PUT /api/pms/{identifier}/notifications/preferences': {
    requires: ANY_MEMBER,
    call: () => ({ body: { inApp: { weeklyReminder: false }, email: 'daily' } }),
  },
  'POST /api/pms/{identifier}/notifications/watch': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ body: { subjectType: 'issue', subjectId: (await world.work()).issue.id } }),
  },
  'POST /api/pms/{identifier}/notifications/unwatch': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({ body: { subjectType: 'issue', subjectId: (await world.work()).issue.id } }),
  },
  'GET /api/pms/{identifier}/notifications/watchers': {
    requires: needs('project:issue:list'),
    call: async ({ world }) => ({
      query: { subjectType: 'issue', subjectId: (await world.work()).issue.id },
    }),
  },
  // The mailed unsubscribe link: no sign-in; each call turns off a throwaway person's email in the world.
  'GET /api/notifications/unsubscribe': {
    requires: PUBLIC,
    call: async ({ world }) => ({ query: { token: await unsubscribeToken(world.enterprise.id) } }),
  },
  'POST /api/notifications/unsubscribe': {
    requires: PUBLIC,
    call: async ({ world }) => ({ body: { token: await unsubscribeToken(world.enterprise.id) } }),
  },

  // Knowledge base
  'GET /api/pms/{identifier}/docs/spaces': { requires: needs('docs:doc:list') },
  'GET /api/pms/{identifier}/docs/tree': {
    requires: needs('docs:doc:list'),
    call: () => ({ query: { space: 'enterprise' } }),
  },
  'GET /api/pms/{identifier}/docs/list': {
    requires: needs('docs:doc:list'),
    call: () => ({ query: { space: 'enterprise' } }),
  },
  'POST /api/pms/{identifier}/folders': {
    requires: needs('docs:doc:add'),
    call: () => ({ body: { space: 'enterprise', title: unique('Folder ') } }),
  },
  'GET /api/pms/{identifier}/docs/{id}': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ params: { id: (await world.docs()).page.id } }),
  },
  'PUT /api/pms/{identifier}/docs/{id}': {
    requires: needs('docs:doc:edit'),
    call: async ({ world }) => {
      const folder = await world.newFolder();
      return { params: { id: folder.id }, body: { title: 'Renamed', version: folder.version } };
    },
  },
  'DELETE /api/pms/{identifier}/docs/{id}': {
    requires: needs('docs:doc:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newFolder()).id } }),
  },
  'POST /api/pms/{identifier}/wikiPages': {
    requires: needs('docs:doc:add'),
    call: () => ({ body: { space: 'enterprise', title: unique('Page '), content: 'Hello' } }),
  },
  'GET /api/pms/{identifier}/wikiPages/{id}': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ params: { id: (await world.docs()).page.id } }),
  },
  'PUT /api/pms/{identifier}/wikiPages/{id}': {
    requires: needs('docs:doc:edit'),
    call: async ({ world }) => ({
      params: { id: (await world.newPage()).id },
      body: { content: 'Second', baseRevision: 1 },
    }),
  },
  'GET /api/pms/{identifier}/wikiPages/{id}/revisions': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ params: { id: (await world.docs()).page.id } }),
  },
  'GET /api/pms/{identifier}/wikiPages/{id}/revisions/{revision}': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ params: { id: (await world.docs()).page.id, revision: '1' } }),
  },
  'POST /api/pms/{identifier}/wikiPages/{id}/revisions/{revision}/restore': {
    requires: needs('docs:doc:edit'),
    call: async ({ world }) => ({
      params: { id: (await world.newPage(2)).id, revision: '1' },
      body: { baseRevision: 2 },
    }),
  },
  'DELETE /api/pms/{identifier}/wikiPages/{id}/revisions/{revision}': {
    requires: needs('docs:doc:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newPage(2)).id, revision: '1' } }),
  },
  'DELETE /api/pms/{identifier}/deleteWiki/{id}': {
    requires: needs('docs:doc:remove'),
    call: async ({ world }) => ({ params: { id: (await world.newPage()).id } }),
  },
  'POST /api/pms/{identifier}/docs/files': {
    requires: needs('docs:doc:add'),
    call: () => ({ body: { space: 'enterprise', fileName: 'plan.pdf', size: 1000 } }),
  },
  'POST /api/pms/{identifier}/docs/files/{id}/confirm': {
    requires: needs('docs:doc:add'),
    // Only the person who started an upload confirms it: those expected through start their own.
    call: async ({ world, who, succeeds }) => ({
      params: {
        id: (await world.storedUpload(succeeds && who !== 'anonymous' ? people[who] : people.owner)).doc.id,
      },
    }),
  },
  'GET /api/file/common/downloadByIdentifier/{identifier}': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ params: { identifier: (await world.docs()).file.file!.identifier } }),
  },
  'GET /api/pms/{identifier}/docs/trash': {
    requires: needs('docs:doc:list'),
    call: () => ({ query: { space: 'enterprise' } }),
  },
  'POST /api/pms/{identifier}/docs/trash/{id}/restore': {
    requires: needs('docs:doc:remove'),
    call: async ({ world }) => ({ params: { id: (await world.trashedFolder()).id } }),
  },
  'DELETE /api/pms/{identifier}/docs/trash/{id}': {
    requires: needs('docs:doc:remove'),
    call: async ({ world }) => ({ params: { id: (await world.trashedFolder()).id } }),
  },
  'GET /api/pms/{identifier}/docs/search': {
    requires: needs('docs:doc:list'),
    call: () => ({ query: { q: 'page' } }),
  },
  'GET /api/pms/{identifier}/docs/references': {
    requires: needs('docs:doc:list'),
    call: async ({ world }) => ({ query: { issueId: (await world.work()).issue.id } }),
  },

  // Weekly reports
  'POST /api/pms/{identifier}/pmsProjectWeeklyReport/add': {
    requires: needs('project:weekly:add'),
    call: async ({ world, who }) => ({
      body: { pmsProjectId: (await world.weeklyProject(who)).id, templateId: 'simple' },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProjectWeeklyReport/edit/{id}': {
    requires: needs('project:weekly:edit'),
    call: async ({ world, who }) => {
      const report = await world.weeklyReport(who, 'project:weekly:edit');
      return {
        params: { id: report.id },
        body: { version: report.version, content: { support: 'Reviews' } },
      };
    },
  },
  'PUT /api/pms/{identifier}/pmsProjectWeeklyReport/issueCompletion': {
    requires: needs('project:issue:edit'),
    call: async ({ world, who }) => {
      const report = await world.weeklyReport(who, 'project:issue:edit');
      return {
        body: {
          memberWeeklyId: report.id,
          issueId: report.items[0]!.issueId,
          completion: 50,
          version: report.version,
        },
      };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProjectWeeklyReport/{id}': {
    requires: needs('project:weekly:remove'),
    call: async ({ world, who }) => ({
      params: { id: (await world.weeklyReport(who, 'project:weekly:remove')).id },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/list': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.weeklyTeam()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/{id}': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ params: { id: (await world.weeklyTeam()).report.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/personal': { requires: needs('project:weekly:list') },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/projectTeam': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.weeklyTeam()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/projectIssueList': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.weeklyTeam()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/personalIssueList': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.weeklyTeam()).project.id } }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/export': {
    requires: needs('project:weekly:list'),
    call: async ({ world }) => ({ query: { pmsProjectId: (await world.weeklyTeam()).project.id } }),
  },
  // Reminding is for the project's managers: each caller manages a project of its own.
  'POST /api/pms/{identifier}/pmsProjectWeeklyReport/remind': {
    requires: needs('project:weekly:list'),
    call: async ({ world, who }) => ({
      body: { pmsProjectId: (await world.weeklyProject(who, 'manager')).id },
    }),
  },
  'GET /api/pms/{identifier}/pmsProjectWeeklyReport/templates': { requires: needs('project:weekly:list') },
  'POST /api/pms/{identifier}/pmsProjectWeeklyReport/templates': {
    requires: needs('project:weekly:template'),
    call: () => ({
      body: { name: unique('Template '), sections: [{ key: 'notes', title: 'Notes', kind: 'text' }] },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProjectWeeklyReport/templates/{id}': {
    requires: needs('project:weekly:template'),
    call: async ({ world }) => {
      const template = await world.created<Template>('pmsProjectWeeklyReport/templates', {
        name: unique('Gone '),
        sections: [{ key: 'notes', title: 'Notes', kind: 'text' }],
      });
      return { params: { id: template.id } };
    },
  },
  // Artifact library
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/formatList': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/typeList': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/versionPolicyList': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/layoutPolicyList': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/writePolicyList': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/list': { requires: needs(ART_READ) },
  'GET /api/pms/{identifier}/pmsProductLibraryRepositories/byRepoName/{name}': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { name: (await sharedArtifactRepo(world)).name } }),
  },
  'POST /api/pms/{identifier}/pmsProductLibraryRepositories/hosted': {
    requires: needs('artifact:repository:add'),
    call: () => ({ body: { name: unique('raw-'), format: 'raw' } }),
  },
  'PUT /api/pms/{identifier}/pmsProductLibraryRepositories/hosted/{id}': {
    requires: needs('artifact:repository:edit'),
    call: async ({ world }) => ({
      params: { id: (await artifactRepoOf(world)).id },
      body: { description: 'Edited', writePolicy: 'allow', version: 1 },
    }),
  },
  'POST /api/pms/{identifier}/pmsProductLibraryRepositories/group': {
    requires: needs('artifact:repository:add'),
    call: async ({ world }) => ({
      body: { name: unique('group-'), format: 'raw', memberIds: [(await sharedArtifactRepo(world)).id] },
    }),
  },
  'PUT /api/pms/{identifier}/pmsProductLibraryRepositories/group/{id}': {
    requires: needs('artifact:repository:edit'),
    call: async ({ world }) => {
      const member = await sharedArtifactRepo(world);
      const group = await world.created<{ id: string }>('pmsProductLibraryRepositories/group', {
        name: unique('group-'),
        format: 'raw',
        memberIds: [member.id],
      });
      return { params: { id: group.id }, body: { memberIds: [member.id], version: 1 } };
    },
  },
  'PUT /api/pms/{identifier}/pmsProductLibraryRepositories/lockStatus/{id}': {
    requires: needs('artifact:repository:edit'),
    call: async ({ world }) => ({
      params: { id: (await sharedArtifactRepo(world)).id },
      body: { locked: false },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProductLibraryRepositories/{id}': {
    requires: needs('artifact:repository:remove'),
    call: async ({ world }) => ({
      params: {
        id: (
          await world.created<{ id: string }>('pmsProductLibraryRepositories/hosted', {
            name: unique('gone-'),
            format: 'raw',
          })
        ).id,
      },
    }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/components': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { repoId: (await sharedArtifactRepo(world)).id } }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/components/{componentId}': {
    requires: needs(ART_READ),
    call: async ({ world }) => {
      const repo = await sharedArtifactRepo(world);
      return { params: { repoId: repo.id, componentId: repo.componentId } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/asset': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({
      params: { repoId: (await sharedArtifactRepo(world)).id },
      query: { path: 'dir/file.txt' },
    }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/folders': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { repoId: (await sharedArtifactRepo(world)).id } }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/canDelete': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({
      params: { repoId: (await sharedArtifactRepo(world)).id },
      query: { path: 'dir/file.txt' },
    }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/packaged': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({
      params: { repoId: (await sharedArtifactRepo(world)).id },
      query: { path: 'dir/file.txt' },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProductLibrary/{repoId}/asset': {
    requires: needs('artifact:asset:remove'),
    call: async ({ world }) => ({
      params: { repoId: (await artifactRepoOf(world)).id },
      query: { path: 'dir/file.txt' },
    }),
  },
  'DELETE /api/pms/{identifier}/pmsProductLibrary/{repoId}/components/{componentId}': {
    requires: needs('artifact:asset:remove'),
    call: async ({ world }) => {
      const repo = await artifactRepoOf(world);
      return { params: { repoId: repo.id, componentId: repo.componentId } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProductLibrary/{repoId}/folder': {
    requires: needs('artifact:asset:remove'),
    call: async ({ world }) => ({
      params: { repoId: (await artifactRepoOf(world)).id },
      query: { path: 'dir' },
    }),
  },
  'POST /api/pms/{identifier}/pmsProductLibrary/{repoId}/packaged': {
    requires: needs('artifact:asset:upload'),
    call: async ({ world }) => ({
      params: { repoId: (await sharedArtifactRepo(world)).id },
      body: { path: `up/${unique('f')}.txt`, size: 3 },
    }),
  },
  'POST /api/pms/{identifier}/pmsProductLibrary/{repoId}/packaged/{uploadId}/confirm': {
    requires: needs('artifact:asset:upload'),
    // The upload is the caller's own (another's is not found), stored before the confirm.
    call: async ({ world, who, succeeds }) => {
      const repo = await sharedArtifactRepo(world);
      if (!succeeds || who === 'anonymous') return { params: { repoId: repo.id, uploadId: 'none' } };
      const client = await freshSession(people[who]);
      const path = `${world.pms('pmsProductLibrary')}/${repo.id}/packaged`;
      const ticket = expectStatus(
        await client.post<PackagedTicket>(path, { path: `up/${unique('f')}.txt`, size: 1 }),
        201,
      ).data;
      await postToTicket(ticket, textBytes('u'));
      return { params: { repoId: repo.id, uploadId: ticket.uploadId } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { repoId: (await sharedSnapshot(world)).repoId } }),
  },
  'POST /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}': {
    requires: needs('artifact:repository:edit'),
    // A repository of its own for each call: snapshots of one repository at once would race for its assets.
    call: async ({ world }) => ({
      params: { repoId: (await artifactRepoOf(world)).id },
      body: { name: unique('snap-') },
    }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}/compare': {
    requires: needs(ART_READ),
    call: async ({ world }) => {
      const { repoId, name } = await sharedSnapshot(world);
      return { params: { repoId }, query: { from: name, to: name } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}/{snapshotName}': {
    requires: needs(ART_READ),
    call: async ({ world }) => {
      const { repoId, name } = await sharedSnapshot(world);
      return { params: { repoId, snapshotName: name } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}/{snapshotName}/components': {
    requires: needs(ART_READ),
    call: async ({ world }) => {
      const { repoId, name } = await sharedSnapshot(world);
      return { params: { repoId, snapshotName: name } };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}/{snapshotName}/packaged': {
    requires: needs(ART_READ),
    call: async ({ world }) => {
      const { repoId, name } = await sharedSnapshot(world);
      return { params: { repoId, snapshotName: name }, query: { path: 'dir/file.txt' } };
    },
  },
  'DELETE /api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}/{snapshotName}': {
    requires: needs('artifact:repository:edit'),
    call: async ({ world }) => {
      const repoId = (await artifactRepoOf(world)).id;
      const snapshot = await world.created<{ name: string }>(`pmsProductLibrarySnapshot/${repoId}`, {
        name: unique('gone-'),
      });
      return { params: { repoId, snapshotName: snapshot.name } };
    },
  },
  'POST /api/pms/{identifier}/pmsProductLibrary/{repoId}/copy': {
    requires: needs('artifact:asset:upload'),
    // A product repository of its own for each call: a path is promoted into one once.
    call: async ({ world }) => {
      const target = await world.created<{ id: string }>('pmsProductLibraryRepositories/hosted', {
        name: unique('product-'),
        format: 'raw',
        kind: 'chanpin',
      });
      return {
        params: { repoId: (await artifactRepoOf(world)).id },
        body: { targetRepositoryId: target.id, paths: ['dir/file.txt'] },
      };
    },
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/retention': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { repoId: (await sharedArtifactRepo(world)).id } }),
  },
  'PUT /api/pms/{identifier}/pmsProductLibrary/{repoId}/retention': {
    requires: needs('artifact:repository:edit'),
    call: async ({ world }) => ({
      params: { repoId: (await sharedArtifactRepo(world)).id },
      body: { keepLast: 5, maxAgeDays: null },
    }),
  },
  'GET /api/pms/{identifier}/pmsProductLibrary/{repoId}/retention/dryRun': {
    requires: needs(ART_READ),
    call: async ({ world }) => ({ params: { repoId: (await sharedArtifactRepo(world)).id } }),
  },
  'POST /api/pms/{identifier}/pmsProductLibrary/{repoId}/retention/run': {
    requires: needs('artifact:asset:remove'),
    // A repository whose one file is ten days old under a rule of one day, so a run deletes it.
    call: async ({ world }) => {
      const owner = await World.ownerActor(world.people);
      const repo = await createHosted(owner, world.enterprise, { format: 'raw' });
      const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600_000).toISOString();
      await atInstant(tenDaysAgo, () =>
        uploadAsset(owner, world.enterprise, repo.id, 'old.txt', textBytes('o')),
      );
      await owner.client.put(`${world.pms('pmsProductLibrary')}/${repo.id}/retention`, {
        keepLast: null,
        maxAgeDays: 1,
      });
      return { params: { repoId: repo.id } };
    },
  },
  'GET /api/artifacts/{identifier}/{repo}/{path}': {
    requires: needs(ART_READ),
    // An npm packument answers 200 (a file is a redirect to its bytes).
    call: async ({ world, who }) => ({
      params: { repo: await npmRepoOf(world), path: 'pkg' },
      headers: await clientAuth(who),
    }),
  },
  'PUT /api/artifacts/{identifier}/{repo}/{path}': {
    requires: needs('artifact:asset:upload'),
    call: async ({ world, who }) => ({
      params: { repo: (await sharedArtifactRepo(world)).name, path: `up/${unique('f')}.txt` },
      rawBody: 'x',
      headers: await clientAuth(who),
    }),
  },
  'DELETE /api/artifacts/{identifier}/{repo}/{path}': {
    requires: needs('artifact:asset:remove'),
    call: async ({ world, who }) => ({
      params: { repo: (await artifactRepoOf(world)).name, path: 'dir/file.txt' },
      headers: await clientAuth(who),
    }),
  },
  'POST /api/artifacts/{identifier}/{repo}': {
    requires: needs('artifact:asset:upload'),
    call: async ({ world, who }) => {
      const upload = pypiUpload();
      return {
        params: { repo: await pypiRepoOf(world) },
        rawBody: upload.rawBody,
        headers: { ...upload.headers, ...(await clientAuth(who)) },
      };
    },
  },
  'GET /api/artifacts/{identifier}/{repo}/-/package/{package}/dist-tags': {
    requires: needs(ART_READ),
    call: async ({ world, who }) => ({
      params: { repo: await npmRepoOf(world), package: 'pkg' },
      headers: await clientAuth(who),
    }),
  },
  'PUT /api/artifacts/{identifier}/{repo}/-/package/{package}/dist-tags/{tag}': {
    requires: needs('artifact:asset:upload'),
    call: async ({ world, who }) => ({
      params: { repo: await npmRepoOf(world), package: 'pkg', tag: 'beta' },
      body: '1.0.0',
      headers: await clientAuth(who),
    }),
  },
  'DELETE /api/artifacts/{identifier}/{repo}/-/package/{package}/dist-tags/{tag}': {
    requires: needs('artifact:asset:upload'),
    // The tag is set first, by the owner, so each caller that may remove it finds it.
    call: async ({ world, who }) => {
      const repo = await npmRepoOf(world);
      const tag = `t${unique('').replace(/[^a-z0-9]/gi, '')}`;
      const owner = await World.ownerActor(world.people);
      const path = `/api/artifacts/${world.enterprise.enterpriseIdentifier}/${repo}/-/package/pkg/dist-tags/${tag}`;
      expectStatus(await owner.client.put(path, '1.0.0'), 201);
      return { params: { repo, package: 'pkg', tag }, headers: await clientAuth(who) };
    },
  },
  'PUT /api/artifacts/{identifier}/{repo}/-/user/{user}': {
    requires: needs(ART_READ),
    // npm login: each principal's own login and password in the body; anonymous names nobody.
    call: async ({ world, who }) => {
      const login = who === 'anonymous' ? 'nobody-at-all' : people[who].login;
      const password = who === 'anonymous' ? 'not-a-password' : (passwords.get(who) ?? PASSWORD);
      return {
        params: { repo: await npmRepoOf(world), user: `org.couchdb.user:${login}` },
        body: { name: login, password },
      };
    },
  },
  'GET /api/artifacts/{identifier}/{repo}/-/whoami': {
    requires: needs(ART_READ),
    call: async ({ world, who }) => ({
      params: { repo: await npmRepoOf(world) },
      headers: await clientAuth(who),
    }),
  },
  'GET /api/artifacts/{identifier}/{repo}/-/v1/search': {
    requires: needs(ART_READ),
    call: async ({ world, who }) => ({
      params: { repo: await npmRepoOf(world) },
      query: { text: 'pkg' },
      headers: await clientAuth(who),
    }),
  },
  'GET /api/artifactTokens': { requires: SIGNED_IN },
  'POST /api/artifactTokens': {
    requires: SIGNED_IN,
    call: () => ({ body: { name: 'Matrix', scope: 'read' } }),
  },
  'DELETE /api/artifactTokens/{id}': {
    requires: SIGNED_IN,
    call: async ({ who }) => {
      if (who === 'anonymous') return { params: { id: 'none' } };
      const client = await freshSession(people[who]);
      const token = expectStatus(
        await client.post<{ id: string }>('/api/artifactTokens', { name: 'Gone', scope: 'read' }),
        201,
      );
      return { params: { id: token.data.id } };
    },
  },
};

// ---- running the table ----------------------------------------------------------------------

let people: People;
let world: World;

beforeAll(async () => {
  const [owner, admin, withPermission, withoutPermission, outsider, target, spare, signIn] =
    await signUpMany(8);
  people = {
    owner: owner!,
    admin: admin!,
    withPermission: withPermission!,
    withoutPermission: withoutPermission!,
    outsider: outsider!,
    target: target!,
    spare: spare!,
    signIn: signIn!,
  };
  world = await World.create(people);
});

const routes = documentedRoutes();

describe('the permission matrix', () => {
  it('has a row for every route of the OpenAPI document, and no other', () => {
    const documented = routes.map((r) => r.id).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(documented);
  });

  it.each(routes.map((r) => [r.id, r] as const))('row %s declares what the server declares', (id, route) => {
    const row = MATRIX[id];
    expect(row, `${id} has no row in MATRIX`).toBeDefined();
    expect({ access: route.access, permission: route.permission }).toEqual({
      access: row!.requires.access,
      permission: row!.requires.permission,
    });
  });
});

describe.each(Object.entries(MATRIX))('%s', (id, row) => {
  const [method = 'GET', pathTemplate = ''] = id.split(' ');
  const expected = outcomes(row.requires);

  it.each(PRINCIPALS.map((who) => [who, expected[who]] as const))('as %s: %s', async (who, outcome) => {
    const isTenant = row.requires.access === 'member' || row.requires.access === 'permission';
    if (isTenant) await world.grant(row.requires.permission);
    const ctx: Context = {
      world,
      who,
      succeeds: outcome === '2xx',
      freshWorld: async () => {
        const fresh = await World.create(people);
        await fresh.grant(row.requires.permission);
        return fresh;
      },
    };
    const call = (await row.call?.(ctx)) ?? {};
    const target = call.world ?? world;
    const path = fillPath(pathTemplate, {
      id: target.enterprise.id,
      identifier: target.enterprise.enterpriseIdentifier,
      enterpriseIdentifier: target.enterprise.enterpriseIdentifier,
      ...call.params,
    });
    const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
    const client = who === 'anonymous' ? new Client() : await freshSession(people[who]);
    const res = await client.call(method, path + query, {
      body: call.body,
      rawBody: call.rawBody,
      headers: call.headers,
    });

    const summary = `${id} as ${who}: ${res.status} ${JSON.stringify(res.body)}`;
    if (outcome === '2xx') expect(res.status >= 200 && res.status < 300, summary).toBe(true);
    else expect(res.status, summary).toBe(outcome);
    if (outcome === 403)
      expect(res.body.errorMessage).toBe(`You need the permission ${row.requires.permission}`);
    if (outcome === 404) expect(res.body.errorMessage).toBe('The enterprise does not exist');
    if (id === 'PUT /api/auth/password' && res.status === 200) {
      passwords.set(who, (call.body as { newPassword: string }).newPassword);
    }
    if (method !== 'GET' && res.status >= 200 && res.status < 300 && !(id in NOT_AUDITED)) {
      auditedCalls.push({
        id,
        who,
        requestId: res.headers.get('x-request-id') ?? '',
        // A new enterprise's log is its own.
        enterpriseId: id === 'POST /api/pms/pmsEnterprise' ? res.body.data.id : target.enterprise.id,
      });
    }
  });
});

/** An unsubscribe link of a new person, in the enterprise (modules/notifications/unsubscribe.ts). */
async function unsubscribeToken(enterpriseId: string): Promise<string> {
  const user = await signUp();
  return createLink('unsubscribe', `${enterpriseId}/${user.userId}`, user.email, 60_000);
}

// ---- the audit log of every write ------------------------------------------------------------

/**
 * Write routes whose successful calls carry no audit entry, and why. Every other call of a route
 * that is not a GET, that succeeded above, must have its entry in the enterprise's log, under its
 * route (core/audit; docs/architecture.md "Audit log").
 */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/auth/signup': 'an account belongs to no enterprise',
  'POST /api/auth/signin': 'a session belongs to no enterprise (the account may be in many)',
  'POST /api/accounts/logout.json': 'a session belongs to no enterprise',
  'PUT /api/auth/password': 'an account belongs to no enterprise',
  'DELETE /api/auth/sessions/others': 'sessions belong to no enterprise',
  'DELETE /api/auth/sessions/{sessionId}': 'a session belongs to no enterprise',
  'POST /api/auth/password/forgot': 'a reset link belongs to an account, which belongs to no enterprise',
  'POST /api/auth/password/reset': 'an account belongs to no enterprise',
  'POST /api/auth/email/verification': 'an account belongs to no enterprise',
  'POST /api/auth/email/verify': 'an account belongs to no enterprise',
  'POST /api/pms/pmsEnterprise/invitations/lookup':
    'a read over POST (the token stays out of the path): it changes nothing',
  'POST /api/pms/pmsEnterprise/invitations/accept':
    "audited in the enterprise joined, not the matrix's (test/api/email.test.ts checks its entry)",
  'POST /api/pms/{identifier}/pmsProjectTestcase/partDownload': 'a download over POST: it changes nothing',
  'POST /api/pms/{identifier}/pmsRepository/{id}/sync':
    'it queues a sync and writes nothing itself; the job that syncs is background work, not audited',
  'POST /api/pms/{identifier}/pmsProductLibrary/{repoId}/packaged':
    'it hands out an upload address and a pending upload that expires in a day; the confirm that files the asset is audited',
  'POST /api/artifactTokens': 'an access token belongs to the account, like a session, not to an enterprise',
  'PUT /api/artifacts/{identifier}/{repo}/-/user/{user}':
    'npm login makes an access token, which belongs to the account, like a session, not to an enterprise',
  'DELETE /api/artifactTokens/{id}':
    'an access token belongs to the account, like a session, not to an enterprise',
};

/** The successful writes of the table above, each to be found in its enterprise's log. */
const auditedCalls: { id: string; who: Principal; requestId: string; enterpriseId: string }[] = [];

describe('the audit log of every write route', () => {
  /** The route of each entry of the enterprises written above, by request id. */
  async function entryRoutes(): Promise<Map<string, string>> {
    const routeOf = new Map<string, string>();
    for (const enterpriseId of new Set(auditedCalls.map((c) => c.enterpriseId))) {
      // Read from the store: the log of an enterprise deleted above is kept, but no route serves it.
      const { entries } = await listAuditEntries(enterpriseId, {}, { limit: 10_000, maxMonths: 3 });
      for (const entry of entries) routeOf.set(entry.requestId, entry.route);
    }
    return routeOf;
  }

  it('holds an entry under each write route, for the calls above that changed something', async () => {
    const routeOf = await entryRoutes();
    // A call may change nothing (the same rename again, a member added twice): it has no entry.
    const misnamed = auditedCalls.filter(
      (c) => routeOf.has(c.requestId) && routeOf.get(c.requestId) !== c.id,
    );
    expect(misnamed.map((c) => `${c.id} as ${c.who}: ${routeOf.get(c.requestId)}`)).toEqual([]);
    const found = new Set(auditedCalls.filter((c) => routeOf.has(c.requestId)).map((c) => c.id));
    const writeRoutes = routes.filter((r) => r.method !== 'GET').map((r) => r.id);
    expect(writeRoutes.filter((id) => !found.has(id) && !(id in NOT_AUDITED))).toEqual([]);
    expect(Object.keys(NOT_AUDITED).filter((id) => !writeRoutes.includes(id))).toEqual([]);
  });
});
