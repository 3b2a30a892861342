/**
 * Set-up for the work-item tests, through the API: an enterprise with a project and its members,
 * tags, and work items.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail, IssueTag, Journal } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import { buildOpenApiDocument } from '../../functions/src/app';
import { createGroupApp } from '../../functions/src/core/http/group';
import { projectStatisticsRoutes } from '../../functions/src/modules/projects/routes/statistics';
import {
  addMember,
  createEnterprise,
  expectStatus,
  type Res,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';

export const issuesBase = (enterprise: Enterprise) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProjectIssues`;
export const projectsBase = (enterprise: Enterprise) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProject`;

export async function createProject(actor: TestUser, enterprise: Enterprise, name = unique('Project ')) {
  const res = await actor.client.post<Project>(projectsBase(enterprise), { name });
  return expectStatus(res, 201).data;
}

export async function addProjectMembers(
  actor: TestUser,
  enterprise: Enterprise,
  project: Project,
  users: readonly TestUser[],
): Promise<void> {
  if (users.length === 0) return;
  const res = await actor.client.post(`${projectsBase(enterprise)}/${project.id}/members`, {
    userIds: users.map((u) => u.userId),
  });
  expectStatus(res, 201);
}

export interface Team {
  owner: TestUser;
  /** Enterprise members with the built-in member role, all members of the project. */
  members: TestUser[];
  /** An enterprise member who is not in the project. */
  outsider: TestUser;
  enterprise: Enterprise;
  project: Project;
  base: string;
}

/**
 * An enterprise, its owner, members in one project (as many as `nicknames`, or `memberCount`),
 * and one member outside it.
 */
export async function createTeam(memberCount = 2, nicknames: readonly string[] = []): Promise<Team> {
  const [owner, outsider] = (await signUpMany(2)) as [TestUser, TestUser];
  const members =
    nicknames.length > 0
      ? await Promise.all(nicknames.map((nickname) => signUp({ nickname })))
      : await signUpMany(memberCount);
  const enterprise = await createEnterprise(owner);
  for (const member of [...members, outsider]) await addMember(owner, enterprise, member);
  const project = await createProject(owner, enterprise);
  await addProjectMembers(owner, enterprise, project, members);
  return { owner, members, outsider, enterprise, project, base: issuesBase(enterprise) };
}

export async function createTag(
  actor: TestUser,
  enterprise: Enterprise,
  name = unique('tag'),
): Promise<IssueTag> {
  const res = await actor.client.post<IssueTag>(`${issuesBase(enterprise)}/enterpriseIssueTags`, {
    name,
    color: 'blue',
  });
  return expectStatus(res, 201).data;
}

export async function createIssue(
  actor: TestUser,
  team: Pick<Team, 'base' | 'project'>,
  body: Record<string, unknown> = {},
): Promise<IssueDetail> {
  const res = await actor.client.post<IssueDetail>(`${team.base}/add`, {
    pmsProjectId: team.project.id,
    pmIssueType: 2,
    title: unique('Item '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

export async function editIssue(
  actor: TestUser,
  team: Pick<Team, 'base'>,
  issue: Pick<IssueDetail, 'id' | 'version'>,
  changes: Record<string, unknown>,
): Promise<Res<IssueDetail>> {
  return actor.client.put<IssueDetail>(`${team.base}/edit/${issue.id}`, {
    version: issue.version,
    ...changes,
  });
}

export async function getIssue(actor: TestUser, team: Pick<Team, 'base'>, id: string): Promise<IssueDetail> {
  return expectStatus(await actor.client.get<IssueDetail>(`${team.base}/${id}`), 200).data;
}

// ---- the project statistics -----------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field in tests
type Body = any;

const STATISTICS_PATH = '/api/pms/{identifier}/pmsProject/{id}/statistics/dynamics';
/** The statistics routes alone, for as long as the projects group does not mount them yet. */
const statisticsApp = createGroupApp().route('/', projectStatisticsRoutes);
const mountedInApp = () => Boolean(buildOpenApiDocument().paths?.[STATISTICS_PATH]);

/** GET `pmsProject/{id}/statistics/{what}` as the actor, through the app (or the router alone). */
export async function getStatistics<T = Body>(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  what: string,
): Promise<Res<T>> {
  const path = `${projectsBase(team.enterprise)}/${team.project.id}/statistics/${what}`;
  if (mountedInApp()) return actor.client.get<T>(path);
  const response = await statisticsApp.request(path, { headers: { Cookie: actor.client.cookieHeader() } });
  const body = await response.json();
  return { status: response.status, body, data: body?.data, headers: response.headers, setCookies: [] };
}

/** The project's activity feed, newest first (every page). */
export async function journalsOfProject(
  team: Pick<Team, 'owner' | 'enterprise' | 'project'>,
): Promise<Journal[]> {
  const res = await getStatistics(team.owner, team, 'dynamics?pageSize=100');
  return expectStatus(res, 200).data.rows;
}
