/**
 * The case module tree (`pmsProjectTestcaseModule`): create, the tree with case counts, rename
 * and move (names, depth, cycles, versions), delete (409 while it holds anything), and the sync
 * from the project's product modules.
 */
import type { ProductModule } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type { CaseModule, CaseModuleNode, ModuleSyncResult } from '@shared/schemas/testcases';
import { beforeAll, describe, expect, it } from 'vitest';
import { caseModulesBase, createCase, createCaseModule } from './case-fixtures';
import { expectStatus, type TestUser, unique } from './helpers';
import { createTeam, projectsBase, type Team } from './issue-fixtures';
import { createProduct, pmsOf } from './product-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;

async function tree(actor: TestUser, team: Team, projectId = team.project.id): Promise<CaseModuleNode[]> {
  const res = await actor.client.get<CaseModuleNode[]>(
    `${caseModulesBase(team.enterprise)}/treeList?pmsProjectId=${projectId}`,
  );
  return expectStatus(res, 200).data;
}

/** The tree as `name(caseCount)[children]` strings, for compact comparisons. */
const shape = (nodes: readonly CaseModuleNode[]): string[] =>
  nodes.map((n) => `${n.name}(${n.caseCount})${n.children.length ? `[${shape(n.children).join(',')}]` : ''}`);

const putModule = (team: Team, module: Pick<CaseModule, 'id' | 'version'>, body: object) =>
  team.owner.client.put<CaseModule>(`${caseModulesBase(team.enterprise)}/${module.id}`, {
    version: module.version,
    ...body,
  });

describe('case modules', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('builds the tree with case counts, siblings by sort then name', async () => {
    const { project } = team;
    const b = await createCaseModule(team.owner, team.enterprise, project.id, 'Beta');
    const a = await createCaseModule(team.owner, team.enterprise, project.id, 'Alpha');
    const child = await createCaseModule(team.owner, team.enterprise, project.id, 'Child', a.id);
    expect(b).toMatchObject({
      pmsProjectId: project.id,
      root_id: null,
      sort: 0,
      productModuleId: null,
      caseCount: 0,
    });
    expect(a.sort).toBe(1);
    expect(child).toMatchObject({ root_id: a.id, sort: 0 });
    await createCase(team.owner, team, project.id, { moduleId: child.id });
    await createCase(team.owner, team, project.id, { moduleId: child.id });
    await createCase(team.owner, team, project.id, { moduleId: b.id });
    expect(shape(await tree(team.owner, team))).toEqual(['Beta(1)', 'Alpha(0)[Child(2)]']);
    const moved = expectStatus(await putModule(team, a, { sort: 0, name: 'Aardvark' }), 200).data;
    expect(moved).toMatchObject({ name: 'Aardvark', sort: 0, version: 2 });
    expect(shape(await tree(team.owner, team))).toEqual(['Aardvark(0)[Child(2)]', 'Beta(1)']);
    // A plain member may read the tree.
    expect(shape(await tree(team.members[0]!, team))).toHaveLength(2);
  });

  it('keeps names unique among siblings, ignoring case', async () => {
    const name = unique('Same');
    const first = await createCaseModule(team.owner, team.enterprise, team.project.id, name);
    const res = await team.owner.client.post(caseModulesBase(team.enterprise), {
      pmsProjectId: team.project.id,
      name: name.toUpperCase(),
    });
    expect(errorOf(expectStatus(res, 409))).toBe(`name: A module named ${name} exists already at this level`);
    // The same name under another parent is fine.
    await createCaseModule(team.owner, team.enterprise, team.project.id, name, first.id);
    const other = await createCaseModule(team.owner, team.enterprise, team.project.id);
    expectStatus(await putModule(team, other, { name: name.toLowerCase() }), 409);
  });

  it('refuses depth over 5, cycles, unknown parents and stale versions', async () => {
    const chain: CaseModule[] = [];
    for (let i = 0; i < 5; i += 1) {
      chain.push(
        await createCaseModule(
          team.owner,
          team.enterprise,
          team.project.id,
          `L${i}`,
          chain.at(-1)?.id ?? null,
        ),
      );
    }
    const deep = await team.owner.client.post(caseModulesBase(team.enterprise), {
      pmsProjectId: team.project.id,
      name: 'L5',
      root_id: chain[4]!.id,
    });
    expect(errorOf(expectStatus(deep, 400))).toBe('root_id: Modules may be at most 5 levels deep');
    const cycle = await putModule(team, chain[1]!, { root_id: chain[3]!.id });
    expect(errorOf(expectStatus(cycle, 400))).toBe(
      'root_id: A module cannot move under itself or one of its sub-modules',
    );
    const loose = await createCaseModule(team.owner, team.enterprise, team.project.id);
    const below = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Below', loose.id);
    // L1 carries four levels (L1..L4); under a module two levels down that makes six.
    const tooDeep = await putModule(team, chain[1]!, { root_id: below.id });
    expect(errorOf(expectStatus(tooDeep, 400))).toBe('root_id: Modules may be at most 5 levels deep');
    const unknown = await putModule(team, loose, { root_id: `${team.project.id}.nope` });
    expect(errorOf(expectStatus(unknown, 400))).toBe(
      `root_id: Module ${team.project.id}.nope does not exist in this project`,
    );
    expectStatus(await putModule(team, loose, { name: 'Fresh' }), 200);
    expect(errorOf(expectStatus(await putModule(team, loose, { name: 'Stale' }), 409))).toBe(
      'Module Fresh was changed by someone else; reload and try again',
    );
  });

  it('deletes a module only when it holds nothing', async () => {
    const parent = await createCaseModule(team.owner, team.enterprise, team.project.id);
    const child = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Leaf', parent.id);
    const c = await createCase(team.owner, team, team.project.id, { moduleId: child.id });
    const url = (m: CaseModule) => `${caseModulesBase(team.enterprise)}/${m.id}`;
    expect(errorOf(expectStatus(await team.owner.client.delete(url(parent)), 409))).toBe(
      `Module ${parent.name} has 1 sub-module; delete or move them first`,
    );
    expect(errorOf(expectStatus(await team.owner.client.delete(url(child)), 409))).toBe(
      'Module Leaf holds 1 case; move them to another module first',
    );
    expectStatus(
      await team.owner.client.put(
        `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectTestcase/${c.id}`,
        {
          version: c.version,
          moduleId: null,
        },
      ),
      200,
    );
    expectStatus(await team.owner.client.delete(url(child)), 200);
    expectStatus(await team.owner.client.delete(url(parent)), 200);
    expect(errorOf(expectStatus(await team.owner.client.delete(url(parent)), 404))).toBe(
      `Module ${parent.id} does not exist`,
    );
    expectStatus(await team.members[0]!.client.delete(url(parent)), 403);
  });
});

describe('syncing from the product modules', () => {
  let team: Team;
  let project: Project;
  let productModules: ProductModule[];
  const pms = () => pmsOf(team.enterprise.enterpriseIdentifier);
  const sync = (projectId: string) =>
    team.owner.client.post<ModuleSyncResult>(`${caseModulesBase(team.enterprise)}/syncByProductModule`, {
      pmsProjectId: projectId,
    });

  async function productModule(productId: string, name: string, root_id: string | null = null) {
    const res = await team.owner.client.post<ProductModule>(pms()('pmsProductModule'), {
      productId,
      name,
      root_id,
    });
    return expectStatus(res, 201).data;
  }

  beforeAll(async () => {
    team = await createTeam(1);
    const product = await createProduct(team.owner.client, team.enterprise.enterpriseIdentifier);
    const res = await team.owner.client.post<Project>(projectsBase(team.enterprise), {
      name: unique('Linked '),
      productId: product.id,
    });
    project = expectStatus(res, 201).data;
    const web = await productModule(product.id, 'Web');
    productModules = [
      web,
      await productModule(product.id, 'Checkout', web.id),
      await productModule(product.id, 'API'),
    ];
  });

  it('refuses a project without a product', async () => {
    expect(errorOf(expectStatus(await sync(team.project.id), 409))).toBe(
      `Project ${team.project.name} is not linked to a product`,
    );
    expect(errorOf(expectStatus(await sync('nope'), 404))).toBe('Project nope does not exist');
  });

  it('copies the product tree once, keeps own modules, and follows renames and moves', async () => {
    const own = await createCaseModule(team.owner, team.enterprise, project.id, 'Own');
    // An own module with a product module's name and place is adopted, not duplicated.
    const adopted = await createCaseModule(team.owner, team.enterprise, project.id, 'api');
    expect(expectStatus(await sync(project.id), 200).data).toEqual({ created: 2, updated: 1, unchanged: 0 });
    const synced = await tree(team.owner, team, project.id);
    // Siblings by sort then name: the synced modules keep the product's sorts, the adopted its own.
    expect(shape(synced)).toEqual(['Own(0)', 'Web(0)[Checkout(0)]', 'API(0)']);
    const [web, checkout, api] = productModules as [ProductModule, ProductModule, ProductModule];
    const byName = new Map(
      synced.flatMap((n) => [n, ...n.children]).map((n) => [n.name, n] as [string, CaseModuleNode]),
    );
    expect(byName.get('Web')!.productModuleId).toBe(web.id);
    expect(byName.get('Checkout')!.productModuleId).toBe(checkout.id);
    expect(byName.get('API')).toMatchObject({ id: adopted.id, productModuleId: api.id });
    expect(byName.get('Own')).toMatchObject({ id: own.id, productModuleId: null });
    expect(expectStatus(await sync(project.id), 200).data).toEqual({ created: 0, updated: 0, unchanged: 3 });
    // The product renames Checkout and moves it to the top.
    expectStatus(
      await team.owner.client.put(pms()('pmsProductModule'), {
        id: checkout.id,
        version: checkout.version,
        name: 'Payments',
        root_id: null,
      }),
      200,
    );
    expect(expectStatus(await sync(project.id), 200).data).toEqual({ created: 0, updated: 1, unchanged: 2 });
    expect(shape(await tree(team.owner, team, project.id))).toEqual([
      'Own(0)',
      'Payments(0)',
      'Web(0)',
      'API(0)',
    ]);
    expect(byName.get('Checkout')!.id).toBe(
      (await tree(team.owner, team, project.id)).find((n) => n.name === 'Payments')!.id,
    );
  });
});
