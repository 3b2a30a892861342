import { ALL_PERMISSIONS, PERMISSION_MENU } from '@shared/permissions/catalogue';
import type { Enterprise } from '@shared/schemas/enterprise';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  builtInRole,
  Client,
  createEnterprise,
  createRole,
  deptPath,
  expectStatus,
  listRoles,
  rolesPath,
  setRoles,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';

describe('GET dict/data/type/{key}', () => {
  it('answers a dictionary to any signed-in user, 404 for an unknown key, 401 without a session', async () => {
    const user = await signUp();
    const res = expectStatus(await user.client.get('/api/system/dict/data/type/pms_priority'), 200);
    expect(res.data.map((e: { dictLabel: string }) => e.dictLabel)).toEqual([
      'Urgent',
      'High',
      'Normal',
      'Low',
    ]);
    expect(res.data[0]).toMatchObject({
      dictType: 'pms_priority',
      dictValue: '1',
      listClass: 'red',
      dictSort: 1,
    });
    expect(
      expectStatus(await user.client.get('/api/system/dict/data/type/nope'), 404).body.errorMessage,
    ).toContain('nope');
    expectStatus(await user.client.get('/api/system/dict/data/type/constructor'), 404);
    expectStatus(await new Client().get('/api/system/dict/data/type/pms_priority'), 401);
  });
});

describe('GET user/{id}/getInfo', () => {
  it('answers identity, roles and the union of their permissions', async () => {
    const [owner, admin, member, both] = await signUpMany(4);
    const enterprise = await createEnterprise(owner!);
    const adminRole = await builtInRole(owner!, enterprise, 'admin');
    const memberRole = await builtInRole(owner!, enterprise, 'member');
    await addMember(owner!, enterprise, admin!, [adminRole.roleId]);
    await addMember(owner!, enterprise, member!);
    const extra = await createRole(owner!, enterprise, ['system:role:add', 'project:issue:list']);
    await addMember(owner!, enterprise, both!, [memberRole.roleId, extra.roleId]);
    const path = `/api/system/user/${enterprise.id}/getInfo`;

    expect(expectStatus(await admin!.client.get(path), 200).data).toMatchObject({
      userIdentity: 'admin',
      permissions: ['*:*:*'],
      userId: admin!.userId,
      roles: [{ roleId: adminRole.roleId, roleKey: 'admin', roleName: adminRole.roleName }],
      gitlinkUrl: enterprise.gitlinkUrl,
    });
    const plain = expectStatus(await member!.client.get(path), 200).data;
    expect(plain.userIdentity).toBe('member');
    expect(plain.permissions).toEqual(memberRole.permissions);
    const union = expectStatus(await both!.client.get(path), 200).data;
    expect(new Set(union.permissions)).toEqual(new Set([...memberRole.permissions, 'system:role:add']));
    expect(union.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['member', extra.roleKey]);
  });

  it('answers 404 "The enterprise does not exist" to non-members and for unknown ids', async () => {
    const [owner, outsider] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    const hidden = expectStatus(await outsider!.client.get(`/api/system/user/${enterprise.id}/getInfo`), 404);
    expect(hidden.body.errorMessage).toBe('The enterprise does not exist');
    expectStatus(await outsider!.client.get(`/api/system/user/${unique('none')}/getInfo`), 404);
  });
});

describe('department members', () => {
  let owner: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    owner = await signUp();
    enterprise = await createEnterprise(owner);
  });

  it('SysUserDeptRole list answers members with their roles', async () => {
    const person = await signUp();
    await addMember(owner, enterprise, person);
    const res = expectStatus(
      await owner.client.get(
        `/api/system/SysUserDeptRole/dept/${enterprise.deptId}/list?keyword=${person.login}`,
      ),
      200,
    );
    expect(res.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(res.data.rows[0]).toMatchObject({ userId: person.userId, roles: [{ roleKey: 'member' }] });
  });

  it('GitLinkUser adds a user with the given roles or the member role; 409 when already a member', async () => {
    const [first, second] = await signUpMany(2);
    const role = await createRole(owner, enterprise, ['project:issue:list']);
    const withRole = expectStatus(
      await owner.client.post(`${deptPath(enterprise)}/GitLinkUser`, {
        gitlinkUserId: first!.userId,
        roleIds: [role.roleId],
      }),
      201,
    ).data;
    expect(withRole.roles).toEqual([{ roleId: role.roleId, roleKey: role.roleKey, roleName: role.roleName }]);
    const plain = expectStatus(
      await owner.client.post(`${deptPath(enterprise)}/GitLinkUser`, { gitlinkUserId: second!.userId }),
      201,
    ).data;
    expect(plain.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['member']);
    expectStatus(
      await owner.client.post(`${deptPath(enterprise)}/GitLinkUser`, { gitlinkUserId: second!.userId }),
      409,
    );
  });

  it('GitLinkUser refuses bad input: 400 naming the field, unknown roles, 404 for unknown users', async () => {
    const person = await signUp();
    const path = `${deptPath(enterprise)}/GitLinkUser`;
    expect(expectStatus(await owner.client.post(path, {}), 400).body.errorMessage).toMatch(
      /^gitlinkUserId: /,
    );
    const badRole = expectStatus(
      await owner.client.post(path, { gitlinkUserId: person.userId, roleIds: ['nope'] }),
      400,
    );
    expect(badRole.body.errorMessage).toBe('roleIds: Role nope does not exist in this enterprise');
    expectStatus(await owner.client.post(path, { gitlinkUserId: unique('nobody') }), 404);
  });

  it('PUT dept/{id}/users/{userId} sets roles and keeps role member counts exact', async () => {
    const person = await signUp();
    await addMember(owner, enterprise, person);
    const developer = await createRole(owner, enterprise, ['project:issue:add']);
    const memberRole = await builtInRole(owner, enterprise, 'member');
    const updated = await setRoles(owner, enterprise, person, [memberRole.roleId, developer.roleId]);
    expect(updated.roles.map((r) => r.roleKey)).toEqual(['member', developer.roleKey]);
    let counts = Object.fromEntries(
      (await listRoles(owner, enterprise)).map((r) => [r.roleId, r.memberCount]),
    );
    expect(counts[developer.roleId]).toBe(1);
    await setRoles(owner, enterprise, person, [memberRole.roleId]);
    counts = Object.fromEntries((await listRoles(owner, enterprise)).map((r) => [r.roleId, r.memberCount]));
    expect(counts[developer.roleId]).toBe(0);
  });

  it('PUT dept/{id}/users/{userId} refuses unknown roles (400 naming the id), empty lists, and non-members (404)', async () => {
    const person = await signUp();
    await addMember(owner, enterprise, person);
    const path = `${deptPath(enterprise)}/users/${person.userId}`;
    const memberRole = await builtInRole(owner, enterprise, 'member');
    const unknown = expectStatus(
      await owner.client.put(path, { roleIds: [memberRole.roleId, 'ghost-role'] }),
      400,
    );
    expect(unknown.body.errorMessage).toBe('roleIds: Role ghost-role does not exist in this enterprise');
    expect(expectStatus(await owner.client.put(path, { roleIds: [] }), 400).body.errorMessage).toMatch(
      /^roleIds: /,
    );
    expect(expectStatus(await owner.client.put(path, {}), 400).body.errorMessage).toMatch(/^roleIds: /);
    const stranger = await signUp();
    expectStatus(
      await owner.client.put(`${deptPath(enterprise)}/users/${stranger.userId}`, {
        roleIds: [memberRole.roleId],
      }),
      404,
    );
  });

  it('DELETE dept/{id}/users/{userId} removes a member, 404 for non-members, 409 for the owner', async () => {
    const person = await signUp();
    await addMember(owner, enterprise, person);
    expectStatus(await owner.client.delete(`${deptPath(enterprise)}/users/${person.userId}`), 200);
    expectStatus(await owner.client.delete(`${deptPath(enterprise)}/users/${person.userId}`), 404);
    expectStatus(await owner.client.delete(`${deptPath(enterprise)}/users/${owner.userId}`), 409);
  });

  it('gitlinkUserList finds non-members by login or nickname prefix, at most 20', async () => {
    const tag = unique('zz');
    const [byLogin, byNickname, member] = await Promise.all([
      signUp({ login: `${tag}a` }),
      signUp({ nickname: `${tag.toUpperCase()} Person` }),
      signUp({ login: `${tag}m` }),
    ]);
    await addMember(owner, enterprise, member);
    const res = expectStatus(
      await owner.client.get(`${deptPath(enterprise)}/gitlinkUserList?keyword=${tag}`),
      200,
    );
    const ids = res.data.map((u: { userId: string }) => u.userId);
    expect(ids).toContain(byLogin.userId);
    expect(ids).toContain(byNickname.userId);
    expect(ids).not.toContain(member.userId);
    expect(res.data[0]).toEqual({
      userId: expect.any(String),
      gitlinkUserId: expect.any(String),
      login: expect.any(String),
      nickname: expect.any(String),
    });
    const all = expectStatus(await owner.client.get(`${deptPath(enterprise)}/gitlinkUserList`), 200).data;
    expect(all.length).toBeLessThanOrEqual(20);
    expect(all.map((u: { userId: string }) => u.userId)).not.toContain(owner.userId);
    expect(
      expectStatus(
        await owner.client.get(`${deptPath(enterprise)}/gitlinkUserList?keyword=${'x'.repeat(61)}`),
        400,
      ).body.errorMessage,
    ).toMatch(/^keyword: /);
  });
});

describe('department roles', () => {
  let owner: TestUser;
  let enterprise: Enterprise;

  beforeAll(async () => {
    owner = await signUp();
    enterprise = await createEnterprise(owner);
  });

  it('create, read, list with member counts', async () => {
    const key = unique('qa');
    const created = expectStatus(
      await owner.client.post(`${rolesPath(enterprise)}/role`, {
        roleName: 'QA',
        roleKey: key,
        remark: 'Testers',
        permissions: ['test:case:list', 'test:case:add', 'test:case:add'],
      }),
      201,
    ).data;
    expect(created).toMatchObject({
      roleKey: key,
      roleName: 'QA',
      remark: 'Testers',
      permissions: ['test:case:list', 'test:case:add'],
      builtIn: false,
      memberCount: 0,
      version: 1,
    });
    const read = expectStatus(
      await owner.client.get(`${rolesPath(enterprise)}/role/${created.roleId}`),
      200,
    ).data;
    expect(read).toEqual(created);
    const list = await listRoles(owner, enterprise);
    expect(list.slice(0, 2).map((r) => r.roleKey)).toEqual(['admin', 'member']);
    expect(list.map((r) => r.roleId)).toContain(created.roleId);
  });

  it('refuses bad roles with 400 naming the field, a taken key with 409', async () => {
    const path = `${rolesPath(enterprise)}/role`;
    const base = { roleName: 'R', roleKey: unique('r'), permissions: [] };
    expect(
      expectStatus(await owner.client.post(path, { ...base, roleKey: 'Bad Key' }), 400).body.errorMessage,
    ).toMatch(/^roleKey: /);
    expect(
      expectStatus(await owner.client.post(path, { ...base, roleName: '' }), 400).body.errorMessage,
    ).toMatch(/^roleName: Please enter role name/);
    expect(
      expectStatus(await owner.client.post(path, { ...base, permissions: ['made:up:thing'] }), 400).body
        .errorMessage,
    ).toMatch(/^permissions: /);
    const taken = expectStatus(await owner.client.post(path, { ...base, roleKey: 'admin' }), 409);
    expect(taken.body.errorMessage).toBe('roleKey: admin is taken by another role');
  });

  it('answers 404 for an unknown role id', async () => {
    expectStatus(await owner.client.get(`${rolesPath(enterprise)}/role/${unique('none')}`), 404);
    expectStatus(
      await owner.client.put(`${rolesPath(enterprise)}/role/${unique('none')}`, {
        roleName: 'x',
        version: 1,
      }),
      404,
    );
    expectStatus(await owner.client.delete(`${rolesPath(enterprise)}/role/${unique('none')}`), 404);
  });

  it('update carries the version, may change the key, and 409s when stale or the key is taken', async () => {
    const role = await createRole(owner, enterprise, ['docs:doc:list']);
    const other = await createRole(owner, enterprise, []);
    const path = `${rolesPath(enterprise)}/role/${role.roleId}`;
    const newKey = unique('k');
    const updated = expectStatus(
      await owner.client.put(path, { roleKey: newKey, permissions: ['docs:doc:add'], version: 1 }),
      200,
    ).data;
    expect(updated).toMatchObject({
      roleKey: newKey,
      permissions: ['docs:doc:add'],
      version: 2,
      roleName: role.roleName,
    });
    expect(
      expectStatus(await owner.client.put(path, { roleName: 'Lost', version: 1 }), 409).body.errorMessage,
    ).toMatch(/changed by someone else/);
    expectStatus(await owner.client.put(path, { roleKey: other.roleKey, version: 2 }), 409);
    // The old key is free again, the new one is not.
    await createRole(owner, enterprise, [], role.roleKey);
    expectStatus(
      await owner.client.post(`${rolesPath(enterprise)}/role`, {
        roleName: 'x',
        roleKey: newKey,
        permissions: [],
      }),
      409,
    );
    expect(expectStatus(await owner.client.put(path, { roleName: 'x' }), 400).body.errorMessage).toMatch(
      /^version: /,
    );
  });

  it('keeps the admin role whole and the built-in keys fixed; the member role stays editable', async () => {
    const admin = await builtInRole(owner, enterprise, 'admin');
    const member = await builtInRole(owner, enterprise, 'member');
    const adminPath = `${rolesPath(enterprise)}/role/${admin.roleId}`;
    expectStatus(
      await owner.client.put(adminPath, { permissions: ['docs:doc:list'], version: admin.version }),
      409,
    );
    expectStatus(await owner.client.put(adminPath, { roleKey: 'boss', version: admin.version }), 409);
    const renamed = expectStatus(
      await owner.client.put(adminPath, { roleName: 'Admins', version: admin.version }),
      200,
    ).data;
    expect(renamed.permissions).toEqual(['*:*:*']);
    const memberPath = `${rolesPath(enterprise)}/role/${member.roleId}`;
    const edited = expectStatus(
      await owner.client.put(memberPath, { permissions: ['project:issue:list'], version: member.version }),
      200,
    ).data;
    expect(edited.permissions).toEqual(['project:issue:list']);
    expectStatus(await owner.client.put(memberPath, { roleKey: 'people', version: edited.version }), 409);
  });

  it('refuses to delete built-in roles and roles members hold (naming the count)', async () => {
    const member = await builtInRole(owner, enterprise, 'member');
    const builtIn = expectStatus(
      await owner.client.delete(`${rolesPath(enterprise)}/role/${member.roleId}`),
      409,
    );
    expect(builtIn.body.errorMessage).toMatch(/built-in/);
    const role = await createRole(owner, enterprise, ['docs:doc:list']);
    const [a, b] = await signUpMany(2);
    await addMember(owner, enterprise, a!, [role.roleId]);
    await addMember(owner, enterprise, b!, [role.roleId]);
    const held = expectStatus(await owner.client.delete(`${rolesPath(enterprise)}/role/${role.roleId}`), 409);
    expect(held.body.errorMessage).toBe(
      `2 members hold the role ${role.roleName}; give them another role first`,
    );
    await setRoles(owner, enterprise, a!, [member.roleId]);
    await owner.client.delete(`${deptPath(enterprise)}/users/${b!.userId}`);
    expectStatus(await owner.client.delete(`${rolesPath(enterprise)}/role/${role.roleId}`), 200);
    expectStatus(await owner.client.get(`${rolesPath(enterprise)}/role/${role.roleId}`), 404);
    // Its key can be used again.
    await createRole(owner, enterprise, [], role.roleKey);
  });

  it('roleMenuTreeSelect answers the menu with the role’s permissions checked', async () => {
    const path = `${rolesPath(enterprise)}/roleMenuTreeSelect`;
    const none = expectStatus(await owner.client.get(path), 200).data;
    expect(none).toEqual({ menus: PERMISSION_MENU, checkedKeys: [] });
    const admin = await builtInRole(owner, enterprise, 'admin');
    expect(
      expectStatus(await owner.client.get(`${path}?roleId=${admin.roleId}`), 200).data.checkedKeys,
    ).toEqual([...ALL_PERMISSIONS]);
    const custom = await createRole(owner, enterprise, ['system:role:list', 'enterprise:member:add']);
    expect(
      expectStatus(await owner.client.get(`${path}?roleId=${custom.roleId}`), 200).data.checkedKeys,
    ).toEqual(['enterprise:member:add', 'system:role:list']);
    expectStatus(await owner.client.get(`${path}?roleId=${unique('none')}`), 404);
  });
});
