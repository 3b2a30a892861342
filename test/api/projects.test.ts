/**
 * The Projects calls (docs/api-conventions.md, "Projects"): projects, their members and their
 * notice. Statistics are tested with the work items they count.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Project, ProjectMember } from '@shared/schemas/projects';
import { beforeAll, describe, expect, it } from 'vitest';
import { enterprisePartition, indexPrefixes, projectPartition, SK } from '../../functions/src/core/db/keys';
import { queryIndexAll, queryPartition } from '../../functions/src/core/db/operations';
import {
  addMember,
  builtInRole,
  createEnterprise,
  createRole,
  deptPath,
  expectStatus,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { createProduct } from './product-fixtures';

const base = (enterprise: Enterprise) => `/api/pms/${enterprise.enterpriseIdentifier}/pmsProject`;

async function createProject(
  actor: TestUser,
  enterprise: Enterprise,
  body: Record<string, unknown> = {},
): Promise<Project> {
  const res = await actor.client.post<Project>(base(enterprise), { name: unique('Project '), ...body });
  return expectStatus(res, 201).data;
}

async function addProjectMembers(
  actor: TestUser,
  enterprise: Enterprise,
  project: Project,
  userIds: string[],
  role?: 'manager' | 'member',
): Promise<ProjectMember[]> {
  const res = await actor.client.post<ProjectMember[]>(`${base(enterprise)}/${project.id}/members`, {
    userIds,
    ...(role ? { role } : {}),
  });
  return expectStatus(res, 201).data;
}

async function getProject(actor: TestUser, enterprise: Enterprise, projectId: string): Promise<Project> {
  return expectStatus(await actor.client.get<Project>(`${base(enterprise)}/${projectId}`), 200).data;
}

/** An enterprise whose owner and plain members (the built-in member role) are ready. */
async function team(
  memberCount: number,
): Promise<{ owner: TestUser; members: TestUser[]; enterprise: Enterprise }> {
  const [owner, ...members] = await signUpMany(memberCount + 1);
  const enterprise = await createEnterprise(owner!);
  for (const member of members) await addMember(owner!, enterprise, member);
  return { owner: owner!, members, enterprise };
}

describe('POST pmsProject', () => {
  let owner: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    owner = await signUp();
    enterprise = await createEnterprise(owner);
  });

  it('creates an open project whose creator is its only member and manager', async () => {
    const name = unique('Apollo ');
    const res = expectStatus(
      await owner.client.post<Project>(base(enterprise), { name: `  ${name} `, description: 'Moon' }),
      201,
    );
    const project = res.data;
    expect(project).toMatchObject({
      pmsProjectId: project.id,
      name,
      description: 'Moon',
      status: 1,
      statusName: 'Open',
      pmsProduct: false,
      productId: null,
      creator: { userId: owner.userId, login: owner.login, nickname: owner.nickname },
      memberCount: 1,
      openIssueCount: 0,
      issueCount: 0,
      isMember: true,
      version: 1,
    });
    expect(project.createdAt).toBe(project.updatedAt);
    const members = expectStatus(
      await owner.client.get<ProjectMember[]>(`${base(enterprise)}/${project.id}/members`),
      200,
    ).data;
    expect(members).toEqual([
      {
        userId: owner.userId,
        login: owner.login,
        nickname: owner.nickname,
        projectMemberInfo: {
          pmsProjectId: project.id,
          userId: owner.userId,
          role: 'manager',
          joinedAt: project.createdAt,
        },
      },
    ]);
  });

  it('takes a status and a product link (pmsProduct); the product must exist', async () => {
    const product = await createProduct(owner.client, enterprise.enterpriseIdentifier);
    const paused = await createProject(owner, enterprise, { status: 2, productId: product.id });
    expect(paused).toMatchObject({
      status: 2,
      statusName: 'Paused',
      pmsProduct: true,
      productId: product.id,
    });
    const unknown = expectStatus(
      await owner.client.post(base(enterprise), { name: 'Orphan', productId: 'no-such-product' }),
      400,
    );
    expect(unknown.body.errorMessage).toBe('productId: Product no-such-product does not exist');
    const closed = await createProject(owner, enterprise, { status: 0, productId: null });
    expect(closed).toMatchObject({ status: 0, statusName: 'Closed', pmsProduct: false, productId: null });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const refuse = async (body: unknown) =>
      expectStatus(await owner.client.post(base(enterprise), body), 400).body.errorMessage as string;
    expect(await refuse({ name: '   ' })).toBe('name: Please enter project name');
    expect(await refuse({})).toBe('name: Please enter project name');
    expect(await refuse({ name: 'x'.repeat(81) })).toBe('name: Project name must be at most 80 characters');
    expect(await refuse({ name: 'ok', status: 5 })).toBe(
      'status: Status must be 0 (closed), 1 (open) or 2 (paused)',
    );
    expect(await refuse({ name: 'ok', description: 'd'.repeat(2001) })).toMatch(/^description: /);
    expect(await refuse({ name: 'ok', productId: 'p'.repeat(65) })).toMatch(/^productId: /);
  });
});

describe('GET pmsProject/list', () => {
  let owner: TestUser;
  let colleague: TestUser;
  let enterprise: Enterprise;
  let tag: string;
  /** Oldest first. */
  let created: Project[];

  beforeAll(async () => {
    const world = await team(1);
    owner = world.owner;
    colleague = world.members[0]!;
    enterprise = world.enterprise;
    tag = unique('kw');
    created = [];
    created.push(await createProject(owner, enterprise, { name: `Alpha ${tag}` }));
    created.push(await createProject(owner, enterprise, { name: `Beta ${tag.toUpperCase()}`, status: 2 }));
    created.push(await createProject(owner, enterprise, { name: 'Gamma' }));
    // The colleague holds the member role, which may not create projects: the owner creates it
    // and the colleague becomes its member (and a second manager).
    const shared = await createProject(owner, enterprise, { name: `Delta ${tag}`, status: 0 });
    await addProjectMembers(owner, enterprise, shared, [colleague.userId]);
    created.push(shared);
  });

  const list = async (actor: TestUser, query: string) =>
    expectStatus(await actor.client.get(`${base(enterprise)}/list?${query}`), 200).data;

  it('answers every project of the enterprise, newest first, with the default page', async () => {
    const page = await list(owner, '');
    expect(page).toMatchObject({ total: 4, pageNum: 1, pageSize: 10 });
    expect(page.rows.map((p: Project) => p.id)).toEqual([...created].reverse().map((p) => p.id));
    expect(page.rows[0]).toMatchObject({ memberCount: 2, isMember: true, creator: { userId: owner.userId } });
  });

  it('filters by keyword (name, ignoring case), status and mine', async () => {
    const byKeyword = await list(owner, `keyword=${tag}`);
    expect(byKeyword.rows.map((p: Project) => p.name)).toEqual([
      `Delta ${tag}`,
      `Beta ${tag.toUpperCase()}`,
      `Alpha ${tag}`,
    ]);
    const paused = await list(owner, 'status=2');
    expect(paused.rows.map((p: Project) => p.id)).toEqual([created[1]!.id]);
    const closed = await list(owner, `status=0&keyword=${tag}`);
    expect(closed.total).toBe(1);
    const mine = await list(colleague, 'mine=true');
    expect(mine.rows.map((p: Project) => p.id)).toEqual([created[3]!.id]);
    expect(mine.rows[0].isMember).toBe(true);
    const everything = await list(colleague, 'mine=false');
    expect(everything.total).toBe(4);
    expect(everything.rows.filter((p: Project) => p.isMember).map((p: Project) => p.id)).toEqual([
      created[3]!.id,
    ]);
  });

  it('pages', async () => {
    const second = await list(owner, 'pageNum=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(second.rows.map((p: Project) => p.id)).toEqual([created[0]!.id]);
    expect((await list(owner, 'pageNum=3&pageSize=3')).rows).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const refuse = async (query: string) =>
      expectStatus(await owner.client.get(`${base(enterprise)}/list?${query}`), 400).body.errorMessage;
    expect(await refuse('status=7')).toMatch(/^status: /);
    expect(await refuse('mine=yes')).toMatch(/^mine: /);
    expect(await refuse('pageSize=101')).toMatch(/^pageSize: /);
  });
});

describe('GET, PUT and DELETE pmsProject/{id}', () => {
  let owner: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    owner = await signUp();
    enterprise = await createEnterprise(owner);
  });

  it('GET answers the project, 404 for unknown ids and for another enterprise’s project', async () => {
    const project = await createProject(owner, enterprise, { description: 'Read me' });
    expect(await getProject(owner, enterprise, project.id)).toEqual(project);
    const unknown = expectStatus(await owner.client.get(`${base(enterprise)}/nope`), 404);
    expect(unknown.body.errorMessage).toBe('Project nope does not exist');

    const stranger = await signUp();
    const theirs = await createEnterprise(stranger);
    const foreign = await createProject(stranger, theirs, { name: 'Their secret' });
    const viaOwn = expectStatus(await owner.client.get(`${base(enterprise)}/${foreign.id}`), 404);
    expect(viaOwn.body.errorMessage).toBe(`Project ${foreign.id} does not exist`);
    expectStatus(
      await owner.client.put(`${base(enterprise)}/${foreign.id}`, { name: 'Mine', version: 1 }),
      404,
    );
    expectStatus(await owner.client.delete(`${base(enterprise)}/${foreign.id}`), 404);
    expectStatus(await owner.client.get(`${base(enterprise)}/${foreign.id}/members`), 404);
    expectStatus(await owner.client.get(`${base(enterprise)}/getNotice/${foreign.id}`), 404);
    const viaTheirs = expectStatus(await owner.client.get(`${base(theirs)}/${foreign.id}`), 404);
    expect(viaTheirs.body.errorMessage).toBe('The enterprise does not exist');
    expect((await getProject(stranger, theirs, foreign.id)).name).toBe('Their secret');
  });

  it('PUT edits the fields sent at the version read; a stale version is 409', async () => {
    const project = await createProject(owner, enterprise, { description: 'Before' });
    const product = await createProduct(owner.client, enterprise.enterpriseIdentifier);
    const path = `${base(enterprise)}/${project.id}`;
    const edited = expectStatus(
      await owner.client.put<Project>(path, {
        name: 'Renamed',
        status: 2,
        productId: product.id,
        version: 1,
      }),
      200,
    ).data;
    expect(edited).toMatchObject({
      name: 'Renamed',
      description: 'Before',
      status: 2,
      statusName: 'Paused',
      pmsProduct: true,
      version: 2,
      isMember: true,
      createdAt: project.createdAt,
    });
    const stale = expectStatus(await owner.client.put(path, { name: 'Lost', version: 1 }), 409);
    expect(stale.body.errorMessage).toBe('Project Renamed was changed by someone else; reload and try again');
    const unlinked = expectStatus(
      await owner.client.put<Project>(path, { productId: null, version: 2 }),
      200,
    ).data;
    expect(unlinked).toMatchObject({ name: 'Renamed', pmsProduct: false, productId: null, version: 3 });
    expect(await getProject(owner, enterprise, project.id)).toEqual(unlinked);
  });

  it('PUT refuses bad input (400 naming the field) and unknown ids (404)', async () => {
    const project = await createProject(owner, enterprise);
    const path = `${base(enterprise)}/${project.id}`;
    const empty = expectStatus(await owner.client.put(path, { name: '', version: 1 }), 400);
    expect(empty.body.errorMessage).toBe('name: Please enter project name');
    expect(expectStatus(await owner.client.put(path, { name: 'x' }), 400).body.errorMessage).toMatch(
      /^version: /,
    );
    expect(
      expectStatus(await owner.client.put(path, { status: 9, version: 1 }), 400).body.errorMessage,
    ).toMatch(/^status: /);
    const unknown = expectStatus(
      await owner.client.put(`${base(enterprise)}/ghost`, { name: 'x', version: 1 }),
      404,
    );
    expect(unknown.body.errorMessage).toBe('Project ghost does not exist');
  });

  it('DELETE removes the project and everything in its partition; then 404', async () => {
    const [colleague] = await signUpMany(1);
    await addMember(owner, enterprise, colleague!);
    const project = await createProject(owner, enterprise);
    await addProjectMembers(owner, enterprise, project, [colleague!.userId]);
    expectStatus(
      await owner.client.post(`${base(enterprise)}/addNotice`, { pmsProjectId: project.id, content: 'Hi' }),
      201,
    );
    expect((await queryPartition(projectPartition(enterprise.id, project.id))).length).toBe(3);
    const item = expectStatus(
      await owner.client.post(`/api/pms/${enterprise.enterpriseIdentifier}/pmsProjectIssues/add`, {
        pmsProjectId: project.id,
        pmIssueType: 1,
        title: 'Goes with the project',
      }),
      201,
    ).data;
    const pointers = () => queryPartition(`ENT#${enterprise.id}`, `ISSUEREF#${item.id}`);
    expect(await pointers()).toHaveLength(1);

    const res = expectStatus(await owner.client.delete(`${base(enterprise)}/${project.id}`), 200);
    expect(await pointers()).toEqual([]);
    expect(res.body).toEqual({ success: true, data: null });
    expect(await queryPartition(projectPartition(enterprise.id, project.id))).toEqual([]);
    const memberships = await queryIndexAll(
      'gsi1',
      indexPrefixes.userMemberships(colleague!.userId),
      indexPrefixes.userProjects(enterprise.id),
    );
    expect(memberships).toEqual([]);
    expectStatus(await owner.client.get(`${base(enterprise)}/${project.id}`), 404);
    expectStatus(await owner.client.delete(`${base(enterprise)}/${project.id}`), 404);
    expectStatus(await owner.client.get(`${base(enterprise)}/getNotice/${project.id}`), 404);
    const list = expectStatus(await owner.client.get(`${base(enterprise)}/list?pageSize=100`), 200).data;
    expect(list.rows.map((p: Project) => p.id)).not.toContain(project.id);
  });
});

describe('project members', () => {
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    const world = await team(2);
    owner = world.owner;
    [alice, bob] = world.members as [TestUser, TestUser];
    enterprise = world.enterprise;
  });

  const members = async (project: Project) =>
    expectStatus(await owner.client.get<ProjectMember[]>(`${base(enterprise)}/${project.id}/members`), 200)
      .data;

  it('POST adds enterprise members, skips those already in, and keeps memberCount exact', async () => {
    const project = await createProject(owner, enterprise);
    const added = await addProjectMembers(owner, enterprise, project, [
      alice.userId,
      alice.userId,
      owner.userId,
    ]);
    expect(added).toEqual([
      {
        userId: alice.userId,
        login: alice.login,
        nickname: alice.nickname,
        projectMemberInfo: {
          pmsProjectId: project.id,
          userId: alice.userId,
          role: 'member',
          joinedAt: expect.any(String),
        },
      },
    ]);
    const managers = await addProjectMembers(
      owner,
      enterprise,
      project,
      [alice.userId, bob.userId],
      'manager',
    );
    expect(managers.map((m) => [m.userId, m.projectMemberInfo.role])).toEqual([[bob.userId, 'manager']]);
    expect(await addProjectMembers(owner, enterprise, project, [bob.userId])).toEqual([]);
    const all = await members(project);
    expect(all.map((m) => m.userId)).toEqual([owner.userId, alice.userId, bob.userId]);
    expect(all.map((m) => m.projectMemberInfo.role)).toEqual(['manager', 'member', 'manager']);
    expect((await getProject(owner, enterprise, project.id)).memberCount).toBe(3);
    // Adding members does not change the project's version: nobody's edit goes stale.
    expect((await getProject(owner, enterprise, project.id)).version).toBe(1);
  });

  it('POST refuses users outside the enterprise (400 naming them), bad bodies and unknown projects', async () => {
    const project = await createProject(owner, enterprise);
    const outsider = await signUp();
    const path = `${base(enterprise)}/${project.id}/members`;
    const refused = expectStatus(
      await owner.client.post(path, { userIds: [alice.userId, outsider.userId] }),
      400,
    );
    expect(refused.body.errorMessage).toBe(
      `userIds: User ${outsider.userId} is not a member of this enterprise`,
    );
    expect((await members(project)).map((m) => m.userId)).toEqual([owner.userId]);
    expect(expectStatus(await owner.client.post(path, { userIds: [] }), 400).body.errorMessage).toBe(
      'userIds: Please enter userIds',
    );
    expect(expectStatus(await owner.client.post(path, {}), 400).body.errorMessage).toMatch(/^userIds: /);
    expect(
      expectStatus(await owner.client.post(path, { userIds: [alice.userId], role: 'boss' }), 400).body
        .errorMessage,
    ).toMatch(/^role: /);
    expectStatus(
      await owner.client.post(`${base(enterprise)}/nope/members`, { userIds: [alice.userId] }),
      404,
    );
    expectStatus(await owner.client.get(`${base(enterprise)}/nope/members`), 404);
  });

  it('DELETE removes a member: 404 for non-members, 409 for the last manager', async () => {
    const project = await createProject(owner, enterprise);
    await addProjectMembers(owner, enterprise, project, [alice.userId]);
    const path = (userId: string) => `${base(enterprise)}/${project.id}/members/${userId}`;

    expectStatus(await owner.client.delete(path(alice.userId)), 200);
    expect((await getProject(owner, enterprise, project.id)).memberCount).toBe(1);
    const gone = expectStatus(await owner.client.delete(path(alice.userId)), 404);
    expect(gone.body.errorMessage).toBe(`User ${alice.userId} is not a member of this project`);
    expectStatus(await owner.client.delete(path(bob.userId)), 404);

    const last = expectStatus(await owner.client.delete(path(owner.userId)), 409);
    expect(last.body.errorMessage).toBe(
      'The last manager cannot leave the project; add another manager first',
    );
    await addProjectMembers(owner, enterprise, project, [bob.userId], 'manager');
    expectStatus(await owner.client.delete(path(owner.userId)), 200);
    expectStatus(await owner.client.delete(path(bob.userId)), 409);
    const rest = await members(project);
    expect(rest.map((m) => [m.userId, m.projectMemberInfo.role])).toEqual([[bob.userId, 'manager']]);
    const after = await getProject(owner, enterprise, project.id);
    expect(after).toMatchObject({ memberCount: 1, isMember: false });
    expectStatus(await owner.client.delete(`${base(enterprise)}/nope/members/${bob.userId}`), 404);
  });

  it('GET userList answers the members for pickers, filtered by login or nickname', async () => {
    const nick = unique('Zed');
    const [zed] = await Promise.all([signUp({ nickname: `${nick} Person` })]);
    await addMember(owner, enterprise, zed!);
    const project = await createProject(owner, enterprise);
    await addProjectMembers(owner, enterprise, project, [alice.userId, zed!.userId]);
    const userList = async (query: string) =>
      expectStatus(await owner.client.get(`${base(enterprise)}/userList?${query}`), 200).data;

    const all = await userList(`pmsProjectId=${project.id}`);
    expect(all).toHaveLength(3);
    expect(all).toContainEqual({ userId: alice.userId, login: alice.login, nickname: alice.nickname });
    expect(Object.keys(all[0]).sort()).toEqual(['login', 'nickname', 'userId']);
    expect(await userList(`pmsProjectId=${project.id}&keyword=${nick.toLowerCase()}`)).toEqual([
      { userId: zed!.userId, login: zed!.login, nickname: zed!.nickname },
    ]);
    expect(await userList(`pmsProjectId=${project.id}&keyword=${alice.login.toUpperCase()}`)).toEqual([
      { userId: alice.userId, login: alice.login, nickname: alice.nickname },
    ]);
    expect(await userList(`pmsProjectId=${project.id}&keyword=${bob.login}`)).toEqual([]);
    const missing = expectStatus(await owner.client.get(`${base(enterprise)}/userList`), 400);
    expect(missing.body.errorMessage).toBe('pmsProjectId: Please enter pmsProjectId');
    expectStatus(await owner.client.get(`${base(enterprise)}/userList?pmsProjectId=nope`), 404);
  });

  it('leaving the enterprise takes a user out of all its projects', async () => {
    const leaver = await signUp();
    await addMember(owner, enterprise, leaver);
    const first = await createProject(owner, enterprise);
    const second = await createProject(owner, enterprise);
    await addProjectMembers(owner, enterprise, first, [leaver.userId]);
    await addProjectMembers(owner, enterprise, second, [leaver.userId], 'manager');
    expectStatus(await owner.client.delete(`${deptPath(enterprise)}/users/${leaver.userId}`), 200);
    for (const project of [first, second]) {
      expect((await members(project)).map((m) => m.userId)).toEqual([owner.userId]);
      expect((await getProject(owner, enterprise, project.id)).memberCount).toBe(1);
    }
    // The owner is still a manager of the second project: the manager count went down with the leaver.
    expectStatus(await owner.client.delete(`${base(enterprise)}/${second.id}/members/${owner.userId}`), 409);
  });
});

describe('project notice', () => {
  let owner: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    owner = await signUp();
    enterprise = await createEnterprise(owner);
  });

  it('is empty with version 0 until added; a second add is 409', async () => {
    const project = await createProject(owner, enterprise);
    const empty = expectStatus(
      await owner.client.get(`${base(enterprise)}/getNotice/${project.id}`),
      200,
    ).data;
    expect(empty).toEqual({
      pmsProjectId: project.id,
      content: '',
      updatedBy: null,
      updatedAt: null,
      version: 0,
    });

    const added = expectStatus(
      await owner.client.post(`${base(enterprise)}/addNotice`, {
        pmsProjectId: project.id,
        content: '# Welcome',
      }),
      201,
    ).data;
    expect(added).toMatchObject({
      pmsProjectId: project.id,
      content: '# Welcome',
      updatedBy: { userId: owner.userId, login: owner.login, nickname: owner.nickname },
      version: 1,
    });
    expect(
      expectStatus(await owner.client.get(`${base(enterprise)}/getNotice/${project.id}`), 200).data,
    ).toEqual(added);
    const twice = expectStatus(
      await owner.client.post(`${base(enterprise)}/addNotice`, {
        pmsProjectId: project.id,
        content: 'Again',
      }),
      409,
    );
    expect(twice.body.errorMessage).toBe('The project already has a notice; reload and edit it');
  });

  it('edits at the version read; a stale version is 409', async () => {
    const project = await createProject(owner, enterprise);
    const editor = await signUp();
    await addMember(owner, enterprise, editor, [(await builtInRole(owner, enterprise, 'admin')).roleId]);
    expectStatus(
      await owner.client.post(`${base(enterprise)}/addNotice`, { pmsProjectId: project.id, content: 'v1' }),
      201,
    );
    const edited = expectStatus(
      await editor.client.put(`${base(enterprise)}/editNotice`, {
        pmsProjectId: project.id,
        content: 'v2',
        version: 1,
      }),
      200,
    ).data;
    expect(edited).toMatchObject({ content: 'v2', version: 2, updatedBy: { userId: editor.userId } });
    const stale = expectStatus(
      await owner.client.put(`${base(enterprise)}/editNotice`, {
        pmsProjectId: project.id,
        content: 'v3',
        version: 1,
      }),
      409,
    );
    expect(stale.body.errorMessage).toBe(
      'The project notice was changed by someone else; reload and try again',
    );
    expect(
      expectStatus(await owner.client.get(`${base(enterprise)}/getNotice/${project.id}`), 200).data.content,
    ).toBe('v2');
  });

  it('refuses bad bodies (400 naming the field), unknown projects (404), and edits of a missing notice (404)', async () => {
    const project = await createProject(owner, enterprise);
    const add = (body: unknown) => owner.client.post(`${base(enterprise)}/addNotice`, body);
    const edit = (body: unknown) => owner.client.put(`${base(enterprise)}/editNotice`, body);
    expect(expectStatus(await add({ pmsProjectId: project.id }), 400).body.errorMessage).toBe(
      'content: Please enter content',
    );
    expect(expectStatus(await add({ content: 'x' }), 400).body.errorMessage).toBe(
      'pmsProjectId: Please enter pmsProjectId',
    );
    expect(
      expectStatus(await add({ pmsProjectId: project.id, content: 'x'.repeat(10_001) }), 400).body
        .errorMessage,
    ).toMatch(/^content: /);
    expect(
      expectStatus(await edit({ pmsProjectId: project.id, content: 'x' }), 400).body.errorMessage,
    ).toMatch(/^version: /);
    expectStatus(await add({ pmsProjectId: 'nope', content: 'x' }), 404);
    expectStatus(await edit({ pmsProjectId: 'nope', content: 'x', version: 1 }), 404);
    expectStatus(await owner.client.get(`${base(enterprise)}/getNotice/nope`), 404);
    const none = expectStatus(await edit({ pmsProjectId: project.id, content: 'x', version: 1 }), 404);
    expect(none.body.errorMessage).toBe(`Project ${project.id} has no notice yet; add one first`);
  });
});

describe('permissions', () => {
  it('a member without project permissions gets 403 naming the permission on every call', async () => {
    const [owner, member] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    const role = await createRole(owner!, enterprise, ['docs:doc:list']);
    await addMember(owner!, enterprise, member!, [role.roleId]);
    const project = await createProject(owner!, enterprise);
    const b = base(enterprise);
    const calls: [string, string, unknown?][] = [
      ['GET', `${b}/list`],
      ['GET', `${b}/userList?pmsProjectId=${project.id}`],
      ['GET', `${b}/${project.id}`],
      ['POST', b, { name: 'Nope' }],
      ['PUT', `${b}/${project.id}`, { name: 'Nope', version: 1 }],
      ['DELETE', `${b}/${project.id}`],
      ['GET', `${b}/${project.id}/members`],
      ['POST', `${b}/${project.id}/members`, { userIds: [member!.userId] }],
      ['DELETE', `${b}/${project.id}/members/${owner!.userId}`],
      ['POST', `${b}/addNotice`, { pmsProjectId: project.id, content: 'x' }],
      ['GET', `${b}/getNotice/${project.id}`],
      ['PUT', `${b}/editNotice`, { pmsProjectId: project.id, content: 'x', version: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const res = expectStatus(await member!.client.call(method, path, { body }), 403);
      expect(res.body.errorMessage, `${method} ${path}`).toMatch(/^You need the permission project:/);
    }
    expect(await getProject(owner!, enterprise, project.id)).toMatchObject({
      name: project.name,
      version: 1,
    });
  });

  it('the built-in member role reads projects but may not create, edit or manage members', async () => {
    const { owner, members, enterprise } = await team(1);
    const member = members[0]!;
    const project = await createProject(owner, enterprise);
    expect((await getProject(member, enterprise, project.id)).isMember).toBe(false);
    expectStatus(await member.client.get(`${base(enterprise)}/getNotice/${project.id}`), 200);
    const denied = expectStatus(await member.client.post(base(enterprise), { name: 'Mine' }), 403);
    expect(denied.body.errorMessage).toBe('You need the permission project:project:add');
    expectStatus(
      await member.client.post(`${base(enterprise)}/${project.id}/members`, { userIds: [member.userId] }),
      403,
    );
  });

  it('a non-member of the enterprise gets 404 for the enterprise', async () => {
    const [owner, outsider] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    const project = await createProject(owner!, enterprise);
    const res = expectStatus(await outsider!.client.get(`${base(enterprise)}/${project.id}`), 404);
    expect(res.body.errorMessage).toBe('The enterprise does not exist');
  });
});

describe('deleting the enterprise', () => {
  it('deletes every project with its contents', async () => {
    const { owner, members, enterprise } = await team(1);
    const project = await createProject(owner, enterprise);
    await addProjectMembers(owner, enterprise, project, [members[0]!.userId]);
    expectStatus(
      await owner.client.post(`${base(enterprise)}/addNotice`, { pmsProjectId: project.id, content: 'x' }),
      201,
    );
    expectStatus(
      await owner.client.delete(
        `/api/pms/pmsEnterprise/${enterprise.id}?confirmIdentifier=${enterprise.enterpriseIdentifier}`,
      ),
      200,
    );
    expect(await queryPartition(enterprisePartition(enterprise.id), SK.projectPrefix)).toEqual([]);
    expect(await queryPartition(projectPartition(enterprise.id, project.id))).toEqual([]);
  });
});
