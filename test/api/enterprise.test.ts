import { MEMBER_DEFAULT_PERMISSIONS } from '@shared/permissions/catalogue';
import { describe, expect, it } from 'vitest';
import { enterprisePartition } from '../../functions/src/core/db/keys';
import { queryPartition } from '../../functions/src/core/db/operations';
import {
  addMember,
  builtInRole,
  Client,
  createEnterprise,
  expectStatus,
  listRoles,
  signUp,
  signUpMany,
  unique,
} from './helpers';

const BASE = '/api/pms/pmsEnterprise';

describe('POST pmsEnterprise', () => {
  it('creates the enterprise with built-in roles, the creator as owner and admin', async () => {
    const owner = await signUp();
    const identifier = unique('e');
    const res = expectStatus(
      await owner.client.post(BASE, { identifier, name: '  Acme  ', description: 'Robots' }),
      201,
    );
    expect(res.data).toMatchObject({
      enterpriseIdentifier: identifier,
      name: 'Acme',
      description: 'Robots',
      ownerId: owner.userId,
      gitlinkUrl: 'http://localhost',
      memberCount: 1,
      version: 1,
    });
    expect(res.data.deptId).toBe(res.data.id);

    const roles = await listRoles(owner, res.data);
    expect(roles.map((r) => [r.roleKey, r.builtIn, r.memberCount])).toEqual([
      ['admin', true, 1],
      ['member', true, 0],
    ]);
    expect(roles[0]?.permissions).toEqual(['*:*:*']);
    expect(roles[1]?.permissions).toEqual([...MEMBER_DEFAULT_PERMISSIONS]);

    const info = expectStatus(await owner.client.get(`/api/system/user/${res.data.id}/getInfo`), 200).data;
    expect(info).toMatchObject({ userIdentity: 'owner', permissions: ['*:*:*'], userId: owner.userId });
    expect(info.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['admin']);
  });

  it.each([
    [{ identifier: 'Acme', name: 'x' }, /^identifier: Identifier may use lowercase/],
    [{ identifier: 'a--b', name: 'x' }, /^identifier: /],
    [{ identifier: 'api', name: 'x' }, /^identifier: Identifier is reserved/],
    [{ identifier: 'login', name: 'x' }, /^identifier: Identifier is reserved/],
    [{ identifier: 'x', name: 'x' }, /^identifier: Identifier must be at least 2/],
    [{ identifier: 'fine-name', name: '' }, /^name: Please enter name/],
    [{ name: 'x' }, /^identifier: Please enter identifier/],
  ])('refuses bad input with 400 naming the field (%#)', async (body, message) => {
    const user = await signUp();
    const res = expectStatus(await user.client.post(BASE, body), 400);
    expect(res.body.errorMessage).toMatch(message);
  });

  it('refuses a taken identifier with 409, and writes nothing', async () => {
    const [first, second] = await signUpMany(2);
    const enterprise = await createEnterprise(first!);
    const res = expectStatus(
      await second!.client.post(BASE, { identifier: enterprise.enterpriseIdentifier, name: 'Copy' }),
      409,
    );
    expect(res.body.errorMessage).toBe(`identifier: ${enterprise.enterpriseIdentifier} is taken`);
    expect(expectStatus(await second!.client.get(`${BASE}/myList`), 200).data).toEqual([]);
  });

  it('needs a session', async () => {
    expectStatus(await new Client().post(BASE, { identifier: unique('e'), name: 'x' }), 401);
  });
});

describe('GET pmsEnterprise/myList and pmsEnterprise/{identifier}', () => {
  it('lists the enterprises the user belongs to, by name', async () => {
    const [owner, member] = await signUpMany(2);
    const zeta = await createEnterprise(owner!, 'Zeta');
    const alpha = await createEnterprise(owner!, 'Alpha');
    await addMember(owner!, zeta, member!);
    const mine = expectStatus(await owner!.client.get(`${BASE}/myList`), 200).data;
    expect(mine.map((e: { id: string }) => e.id)).toEqual([alpha.id, zeta.id]);
    const theirs = expectStatus(await member!.client.get(`${BASE}/myList`), 200).data;
    expect(theirs.map((e: { id: string }) => e.id)).toEqual([zeta.id]);
  });

  it('shows an enterprise to members and 404 to everyone else, with one message', async () => {
    const [owner, member, outsider] = await signUpMany(3);
    const enterprise = await createEnterprise(owner!);
    await addMember(owner!, enterprise, member!);
    const path = `${BASE}/${enterprise.enterpriseIdentifier}`;
    expect(expectStatus(await member!.client.get(path), 200).data.id).toBe(enterprise.id);
    const hidden = expectStatus(await outsider!.client.get(path), 404);
    const missing = expectStatus(await outsider!.client.get(`${BASE}/${unique('none')}`), 404);
    expect(hidden.body.errorMessage).toBe('The enterprise does not exist');
    expect(missing.body.errorMessage).toBe(hidden.body.errorMessage);
    expectStatus(await new Client().get(path), 401);
  });
});

describe('GET pmsEnterprise/{identifier}/userList', () => {
  it('pages members and filters by keyword', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const people = await signUpMany(3);
    for (const person of people) await addMember(owner, enterprise, person);
    const path = `${BASE}/${enterprise.enterpriseIdentifier}/userList`;

    const page1 = expectStatus(await owner.client.get(`${path}?pageNum=1&pageSize=3`), 200).data;
    expect(page1).toMatchObject({ total: 4, pageNum: 1, pageSize: 3 });
    expect(page1.rows[0]).toMatchObject({
      userId: owner.userId,
      isOwner: true,
      roles: [{ roleKey: 'admin' }],
    });
    const page2 = expectStatus(await owner.client.get(`${path}?pageNum=2&pageSize=3`), 200).data;
    expect(page2.rows).toHaveLength(1);

    const found = expectStatus(
      await owner.client.get(`${path}?keyword=${people[1]!.login.toUpperCase()}`),
      200,
    ).data;
    expect(found.rows.map((m: { userId: string }) => m.userId)).toEqual([people[1]!.userId]);
    expect(found.rows[0]).toMatchObject({
      gitlinkUserId: people[1]!.userId,
      roles: [{ roleKey: 'member' }],
      isOwner: false,
    });

    expect(expectStatus(await owner.client.get(path), 200).data.pageSize).toBe(10);
  });

  it('refuses bad paging with 400 naming the field', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const path = `${BASE}/${enterprise.enterpriseIdentifier}/userList`;
    expect(expectStatus(await owner.client.get(`${path}?pageSize=1000`), 400).body.errorMessage).toMatch(
      /^pageSize: /,
    );
    expect(expectStatus(await owner.client.get(`${path}?pageNum=0`), 400).body.errorMessage).toMatch(
      /^pageNum: /,
    );
  });
});

describe('PUT pmsEnterprise/{id}', () => {
  it('edits the settings with the version read, and refuses a stale version with 409', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const path = `${BASE}/${enterprise.id}`;
    const edited = expectStatus(
      await owner.client.put(path, { name: 'Renamed', gitlinkUrl: 'https://git.example.test', version: 1 }),
      200,
    ).data;
    expect(edited).toMatchObject({
      name: 'Renamed',
      gitlinkUrl: 'https://git.example.test',
      version: 2,
      enterpriseIdentifier: enterprise.enterpriseIdentifier,
    });
    const stale = expectStatus(await owner.client.put(path, { name: 'Lost update', version: 1 }), 409);
    expect(stale.body.errorMessage).toMatch(/was changed by someone else; reload and try again$/);
    // The identifier is not editable: an unknown field is ignored.
    const again = expectStatus(await owner.client.put(path, { identifier: 'other', version: 2 }), 200).data;
    expect(again.enterpriseIdentifier).toBe(enterprise.enterpriseIdentifier);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const path = `${BASE}/${enterprise.id}`;
    expect(expectStatus(await owner.client.put(path, { name: 'x' }), 400).body.errorMessage).toMatch(
      /^version: /,
    );
    expect(
      expectStatus(await owner.client.put(path, { gitlinkUrl: 'nope', version: 1 }), 400).body.errorMessage,
    ).toMatch(/^gitlinkUrl: /);
  });

  it('refuses a gitlinkUrl that is not http(s) with 400 naming the field, and keeps the stored one', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const path = `${BASE}/${enterprise.id}`;
    const refused = [
      'javascript:alert(7)//',
      'JavaScript:alert(7)',
      ' javascript:alert(7)',
      'java\tscript:alert(7)',
      'data:text/html,<script>alert(7)</script>',
      'vbscript:msgbox(7)',
      'ftp://files.example.test',
    ];
    for (const gitlinkUrl of refused) {
      const res = expectStatus(await owner.client.put(path, { gitlinkUrl, version: 1 }), 400);
      expect(res.body.errorMessage, gitlinkUrl).toBe('gitlinkUrl: GitlinkUrl must be an http(s) address');
    }
    const stored = expectStatus(await owner.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 200);
    expect(stored.data).toMatchObject({ gitlinkUrl: 'http://localhost', version: 1 });
  });

  it('answers 404 for an unknown id', async () => {
    const owner = await signUp();
    expectStatus(await owner.client.put(`${BASE}/${unique('none')}`, { name: 'x', version: 1 }), 404);
  });
});

describe('DELETE pmsEnterprise/{id}', () => {
  it('needs the identifier repeated', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const wrong = expectStatus(
      await owner.client.delete(`${BASE}/${enterprise.id}?confirmIdentifier=nope`),
      400,
    );
    expect(wrong.body.errorMessage).toMatch(/^confirmIdentifier: /);
    const missing = expectStatus(await owner.client.delete(`${BASE}/${enterprise.id}`), 400);
    expect(missing.body.errorMessage).toMatch(/^confirmIdentifier: /);
    expectStatus(await owner.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 200);
  });

  it('deletes every item of the enterprise and frees the identifier', async () => {
    const [owner, member] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    await addMember(owner!, enterprise, member!);
    const res = expectStatus(
      await owner!.client.delete(
        `${BASE}/${enterprise.id}?confirmIdentifier=${enterprise.enterpriseIdentifier}`,
      ),
      200,
    );
    expect(res.body).toEqual({ success: true, data: null });
    expect(await queryPartition(enterprisePartition(enterprise.id))).toEqual([]);
    expectStatus(await owner!.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 404);
    expect(expectStatus(await member!.client.get(`${BASE}/myList`), 200).data).toEqual([]);
    const reused = expectStatus(
      await member!.client.post(BASE, { identifier: enterprise.enterpriseIdentifier, name: 'Reborn' }),
      201,
    ).data;
    expect(reused.id).not.toBe(enterprise.id);
    expect(reused.memberCount).toBe(1);
  });
});

describe('POST and DELETE pmsEnterprise/{enterpriseIdentifier}/user/{gitlinkUserId}', () => {
  it('adds a registered user with the member role, once', async () => {
    const [owner, user] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    const path = `${BASE}/${enterprise.enterpriseIdentifier}/user/${user!.userId}`;
    const added = expectStatus(await owner!.client.post(path), 201).data;
    expect(added).toMatchObject({
      userId: user!.userId,
      login: user!.login,
      roles: [{ roleKey: 'member' }],
      isOwner: false,
    });
    expect((await builtInRole(owner!, enterprise, 'member')).memberCount).toBe(1);
    const again = expectStatus(await owner!.client.post(path), 409);
    expect(again.body.errorMessage).toBe(`${user!.login} is already a member`);
    expect(
      expectStatus(await owner!.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 200).data
        .memberCount,
    ).toBe(2);
  });

  it('answers 404 for an unknown user', async () => {
    const owner = await signUp();
    const enterprise = await createEnterprise(owner);
    const res = expectStatus(
      await owner.client.post(`${BASE}/${enterprise.enterpriseIdentifier}/user/${unique('nobody')}`),
      404,
    );
    expect(res.body.errorMessage).toMatch(/does not exist/);
  });

  it('removes a member, but never the owner', async () => {
    const [owner, user] = await signUpMany(2);
    const enterprise = await createEnterprise(owner!);
    await addMember(owner!, enterprise, user!);
    const base = `${BASE}/${enterprise.enterpriseIdentifier}/user`;
    expectStatus(await owner!.client.delete(`${base}/${user!.userId}`), 200);
    expectStatus(await user!.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 404);
    expectStatus(await owner!.client.delete(`${base}/${user!.userId}`), 404);
    const ownerRes = expectStatus(await owner!.client.delete(`${base}/${owner!.userId}`), 409);
    expect(ownerRes.body.errorMessage).toMatch(/owner cannot be removed/);
    const roles = await listRoles(owner!, enterprise);
    expect(roles.map((r) => r.memberCount)).toEqual([1, 0]);
    expect(
      expectStatus(await owner!.client.get(`${BASE}/${enterprise.enterpriseIdentifier}`), 200).data
        .memberCount,
    ).toBe(1);
  });
});
