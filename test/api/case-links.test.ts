/**
 * Links between work items and cases (`PUT pmsProjectIssues/linkTestcase`): link and unlink,
 * the counts and the detail, the same-project rule, unknown ids, the permission, the limit per
 * work item, and a deleted work item taking its links with it.
 */

import { MAX_ITEM_CASES, MAX_LINK_CASES } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCase, getCase, listCases } from './case-fixtures';
import { createRole, expectStatus, setRoles, type TestUser } from './helpers';
import { createIssue, createProject, createTeam, type Team } from './issue-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

const link = (actor: TestUser, team: Team, body: object) =>
  actor.client.put<CaseRow[]>(`${team.base}/linkTestcase`, body);

describe('linking cases to work items', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('links and unlinks, keeping counts and the detail', async () => {
    const issue = await createIssue(team.owner, team, { title: 'Checkout breaks' });
    const a = await createCase(team.owner, team, team.project.id);
    const b = await createCase(team.owner, team, team.project.id);
    const linked = expectStatus(
      await link(team.owner, team, { issueId: issue.id, link: [b.id, a.id] }),
      200,
    ).data;
    expect(linked.map((r) => [r.id, r.linkedIssueCount])).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);
    const detail = await getCase(team.owner, team, a.id);
    expect(detail.linkedIssues).toEqual([
      {
        id: issue.id,
        issueNumber: issue.issueNumber,
        pmIssueType: issue.pmIssueType,
        title: 'Checkout breaks',
        status: issue.status,
        statusName: expect.any(String),
      },
    ]);
    // The version does not move: a link is not an edit of the case.
    expect(detail.version).toBe(1);
    // Linking again changes nothing; unlinking one leaves the other.
    expect(
      ids(expectStatus(await link(team.owner, team, { issueId: issue.id, link: [a.id] }), 200).data),
    ).toEqual([a.id, b.id]);
    const after = expectStatus(await link(team.owner, team, { issueId: issue.id, unlink: [a.id] }), 200).data;
    expect(ids(after)).toEqual([b.id]);
    expect((await getCase(team.owner, team, a.id)).linkedIssueCount).toBe(0);
    expect(ids((await listCases(team.owner, team, team.project.id, { issueId: issue.id })).rows)).toEqual([
      b.id,
    ]);
    // A case linked to two items counts both.
    const other = await createIssue(team.owner, team);
    expectStatus(await link(team.owner, team, { issueId: other.id, link: [b.id] }), 200);
    expect((await getCase(team.owner, team, b.id)).linkedIssues.map((i) => i.id)).toEqual([
      issue.id,
      other.id,
    ]);
  });

  it('refuses cases of another project, unknown ids and empty calls', async () => {
    const issue = await createIssue(team.owner, team);
    const mine = await createCase(team.owner, team, team.project.id);
    const elsewhere = await createProject(team.owner, team.enterprise);
    const theirs = await createCase(team.owner, team, elsewhere.id);
    // One call is one transaction: more changes than fit are refused before anything is read.
    const tooMany = Array.from({ length: MAX_LINK_CASES + 1 }, (_, i) => `${team.project.id}.c${i}`);
    const cases: [object, number, string][] = [
      [{ link: [theirs.id] }, 400, `link: Case ${theirs.id} is not in the item's project`],
      [{ unlink: [theirs.id] }, 400, `unlink: Case ${theirs.id} is not in the item's project`],
      [{ link: [mine.id], unlink: [mine.id] }, 400, `unlink: Case ${mine.id} is in link as well`],
      [{ link: [`${team.project.id}.nope`] }, 404, `Case ${team.project.id}.nope does not exist`],
      [{}, 400, 'link: Please enter link or unlink'],
      [
        { link: tooMany.slice(0, 20), unlink: tooMany.slice(20) },
        400,
        `link: Please link and unlink at most ${MAX_LINK_CASES} cases in one call`,
      ],
      [{ issueId: 'nope', link: [mine.id] }, 404, 'Work item nope does not exist'],
    ];
    for (const [body, status, message] of cases) {
      const res = await link(team.owner, team, { issueId: issue.id, ...body });
      expect(res.status, message).toBe(status);
      expect(errorOf(res)).toBe(message);
    }
    expect((await getCase(team.owner, team, mine.id)).linkedIssueCount).toBe(0);
  });

  it('needs project:issue:edit', async () => {
    const issue = await createIssue(team.owner, team);
    const c = await createCase(team.owner, team, team.project.id);
    const member = team.members[0]!;
    // The built-in member role may edit work items.
    expectStatus(await link(member, team, { issueId: issue.id, link: [c.id] }), 200);
    const readOnly = await createRole(team.owner, team.enterprise, ['project:issue:list', 'test:case:list']);
    await setRoles(team.owner, team.enterprise, member, [readOnly.roleId]);
    const res = await link(member, team, { issueId: issue.id, unlink: [c.id] });
    expect(errorOf(expectStatus(res, 403))).toMatch(/project:issue:edit/);
  });

  it(`links a work item to at most ${MAX_ITEM_CASES} cases`, async () => {
    const issue = await createIssue(team.owner, team);
    const cases = await Promise.all(
      Array.from({ length: MAX_ITEM_CASES + 1 }, () => createCase(team.owner, team, team.project.id)),
    );
    const res = await link(team.owner, team, { issueId: issue.id, link: ids(cases) });
    expect(errorOf(expectStatus(res, 409))).toBe(
      `Work item #${issue.issueNumber} may be linked to at most ${MAX_ITEM_CASES} cases`,
    );
    const full = await link(team.owner, team, {
      issueId: issue.id,
      link: ids(cases.slice(0, MAX_ITEM_CASES)),
    });
    expect(expectStatus(full, 200).data).toHaveLength(MAX_ITEM_CASES);
    // Deleting the work item removes every link and steps every count back, in its transaction.
    expectStatus(await team.owner.client.delete(`${team.base}/${issue.id}`), 200);
    for (const c of cases.slice(0, 3)) {
      const detail = await getCase(team.owner, team, c.id);
      expect([detail.linkedIssueCount, detail.linkedIssues]).toEqual([0, []]);
    }
    expect((await listCases(team.owner, team, team.project.id, { issueId: issue.id })).rows).toEqual([]);
  });
});
