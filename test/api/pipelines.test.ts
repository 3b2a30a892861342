/**
 * Pipelines, step 1 (docs/pipelines.md): the seeded catalogue, its form-encoded admin calls and
 * their refusals, and pipelines of a real repository on the test git server: created from YAML
 * or a template, checked (every bad definition refused with its line and field, nothing
 * written), saved with history, enabled and disabled, moved and deleted.
 */
import { PIPELINE_ICONS } from '@shared/domain/pipeline-catalogue';
import type { Page } from '@shared/schemas/common';
import type {
  ActionNode,
  NodeInput,
  NodeType,
  PipelineDetail,
  PipelineRevision,
  PipelineTemplate,
} from '@shared/schemas/pipelines';
import type { Repository } from '@shared/schemas/repositories';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, expectStatus, type Res, unique } from './helpers';
import { createProject, createTeam, type Team } from './issue-fixtures';
import { connect, expectSentence, WorkingCopy } from './repository-fixtures';

let team: Team;
let repository: Repository;
let pms: (rest: string) => string;
const owner = () => team.owner.client;

/** A form-encoded call, as the catalogue's writes are. */
function form<T>(
  client: Client,
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string | number>,
) {
  const rawBody = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return client.call<T>(method, path, {
    rawBody,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

const PIPELINE_YAML = `name: Check
trigger:
  push:
    branches: [main]
stages:
  - id: check
    jobs:
      - id: greet
        steps:
          - id: hello
            uses: echo
            with:
              message: hello
`;

beforeAll(async () => {
  team = await createTeam(1);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  const copy = await WorkingCopy.create();
  await copy.commit('Initial commit');
  await copy.push('main');
  repository = await connect(team.owner, team.enterprise, copy);
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
});

async function createPipeline(yaml = PIPELINE_YAML): Promise<PipelineDetail> {
  const res = await owner().post<PipelineDetail>(pms('pipelines'), {
    repositoryId: repository.id,
    projectId: team.project.id,
    yaml,
  });
  return expectStatus(res, 201).data;
}

const expect400 = (res: Res, message: string | RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errorMessage).toMatch(message);
};

describe('the catalogue', () => {
  it('starts with one node type per icon, the action nodes on them and three templates', async () => {
    const types = expectStatus(await owner().get<NodeType[]>(pms('actions/node_types')), 200).data;
    expect(types.map((t) => t.icon).sort()).toEqual([...PIPELINE_ICONS].sort());
    const nodes = expectStatus(await owner().get<ActionNode[]>(pms('actions/nodes')), 200).data;
    const ssh = nodes.find((n) => n.key === 'ssh-deploy');
    expect(ssh).toMatchObject({ nodeTypeKey: 'ssh', icon: 'ssh' });
    expect(ssh?.inputs.map((i) => [i.name, i.type, i.defaultValue])).toEqual([
      ['host', 'string', null],
      ['user', 'string', 'deploy'],
      ['port', 'number', 22],
      ['script', 'text', null],
    ]);
    const templates = expectStatus(await owner().get<PipelineTemplate[]>(pms('actions/templates')), 200).data;
    expect(templates.map((t) => t.name)).toEqual(['Node.js build and test', 'Maven build', 'Shell deploy']);
  });

  it('adds a node type, an action node and its inputs from forms, and refuses what does not fit', async () => {
    const key = unique('lint');
    const type = expectStatus(
      await form<NodeType>(owner(), 'POST', pms('actions/node_types'), {
        key,
        name: 'Lint',
        icon: 'default',
      }),
      201,
    ).data;
    expect(type).toMatchObject({ key, icon: 'default', nodeCount: 0, version: 1 });
    expect(
      (await form(owner(), 'POST', pms('actions/node_types'), { key, name: 'Again', icon: 'default' }))
        .status,
    ).toBe(409);
    expect400(
      await form(owner(), 'POST', pms('actions/node_types'), { key: 'x', name: 'Bad', icon: 'rocket' }),
      /^icon: /,
    );

    const node = expectStatus(
      await form<ActionNode>(owner(), 'POST', pms('actions/nodes'), {
        key,
        name: 'Lint',
        nodeTypeId: type.id,
        commandTemplate: 'npx eslint {{ inputs.path }} --max-warnings={{ inputs.warnings }}',
      }),
      201,
    ).data;
    const path = expectStatus(
      await form<NodeInput>(owner(), 'POST', pms('actions/node_inputs'), {
        nodeId: node.id,
        name: 'path',
        label: 'Path',
        type: 'string',
        required: 'true',
        defaultValue: 'src',
        pattern: '[a-z/]+',
      }),
      201,
    ).data;
    expect(path).toMatchObject({
      id: `${node.id}.path`,
      required: true,
      defaultValue: 'src',
      pattern: '[a-z/]+',
    });
    expect400(
      await form(owner(), 'POST', pms('actions/node_inputs'), {
        nodeId: node.id,
        name: 'warnings',
        label: 'Warnings',
        type: 'number',
        defaultValue: 'none',
      }),
      'defaultValue: Must be a number',
    );
    expect400(
      await form(owner(), 'POST', pms('actions/node_inputs'), {
        nodeId: node.id,
        name: 'level',
        label: 'Level',
        type: 'select',
      }),
      'options: A select input needs options, one per line',
    );
    expectStatus(
      await form(owner(), 'POST', pms('actions/node_inputs'), {
        nodeId: node.id,
        name: 'warnings',
        label: 'Warnings',
        type: 'number',
        defaultValue: '0',
      }),
      201,
    );
    expect(
      (
        await form(owner(), 'POST', pms('actions/node_inputs'), {
          nodeId: node.id,
          name: 'path',
          label: 'P',
          type: 'string',
        })
      ).status,
    ).toBe(409);

    const inputs = expectStatus(
      await owner().get<NodeInput[]>(pms(`actions/node_inputs?nodeId=${node.id}`)),
      200,
    ).data;
    expect(inputs.map((i) => [i.name, i.defaultValue])).toEqual([
      ['path', 'src'],
      ['warnings', 0],
    ]);
    // The template names both inputs: neither may go, and the template may not name a third.
    expect((await owner().delete(pms(`actions/node_inputs/${node.id}.path`))).status).toBe(409);
    const current = expectStatus(await owner().get<ActionNode>(pms(`actions/nodes/${node.id}`)), 200).data;
    expect400(
      await form(owner(), 'PUT', pms(`actions/nodes/${node.id}`), {
        version: current.version,
        name: 'Lint',
        nodeTypeId: type.id,
        commandTemplate: 'npx eslint {{ inputs.paths }}',
      }),
      'commandTemplate: The template names inputs the node does not have: paths',
    );
    // A node type in use stays.
    expect((await owner().delete(pms(`actions/node_types/${type.id}`))).status).toBe(409);
  });

  it('edits at the version read, and refuses a stale one', async () => {
    const [type] = expectStatus(await owner().get<NodeType[]>(pms('actions/node_types')), 200).data;
    const edit = (version: number) =>
      form<NodeType>(owner(), 'PUT', pms(`actions/node_types/${type!.id}`), {
        version,
        name: `${type!.name}!`,
        icon: type!.icon,
        description: 'Edited',
      });
    expect(expectStatus(await edit(type!.version), 200).data).toMatchObject({
      description: 'Edited',
      version: type!.version + 1,
    });
    expect((await edit(type!.version)).status).toBe(409);
  });

  it('takes a template only when its definition is valid', async () => {
    expect400(
      await form(owner(), 'POST', pms('actions/templates'), {
        name: 'Broken',
        icon: 'shell',
        yaml: 'name: B\nstages: []\n',
      }),
      'yaml: Line 2, stages: a pipeline needs at least one stage',
    );
    const template = expectStatus(
      await form<PipelineTemplate>(owner(), 'POST', pms('actions/templates'), {
        name: 'Greet',
        icon: 'default',
        yaml: PIPELINE_YAML,
      }),
      201,
    ).data;
    expect((await owner().delete(pms(`actions/templates/${template.id}`))).status).toBe(200);
    expect((await owner().get(pms(`actions/templates/${template.id}`))).status).toBe(404);
  });

  it('lets members read the catalogue but not change it', async () => {
    const member = team.members[0]!.client;
    expect((await member.get(pms('actions/nodes'))).status).toBe(200);
    const res = await form(member, 'POST', pms('actions/node_types'), {
      key: unique('x'),
      name: 'X',
      icon: 'go',
    });
    expect(res.status).toBe(403);
  });
});

describe('pipelines', () => {
  it('creates a pipeline from YAML: enabled, at revision 1, with its trigger', async () => {
    const pipeline = await createPipeline();
    expect(pipeline).toMatchObject({
      name: 'Check',
      repositoryId: repository.id,
      repositoryName: repository.name,
      projectId: team.project.id,
      enabled: true,
      revision: 1,
      stageCount: 1,
      jobCount: 1,
      trigger: { manual: true, branches: ['main'], cron: null },
      creator: { userId: team.owner.userId },
      yaml: PIPELINE_YAML,
    });
    const list = expectStatus(
      await owner().get<Page<PipelineDetail>>(pms(`pipelines/list?repositoryId=${repository.id}`)),
      200,
    ).data;
    expect(list.rows.map((r) => r.id)).toContain(pipeline.id);
    expect(list.rows[0]).not.toHaveProperty('yaml');
  });

  it("creates one from a template's definition", async () => {
    const templates = expectStatus(await owner().get<PipelineTemplate[]>(pms('actions/templates')), 200).data;
    const maven = templates.find((t) => t.name === 'Maven build')!;
    const res = await owner().post<PipelineDetail>(pms('pipelines'), {
      repositoryId: repository.id,
      projectId: team.project.id,
      templateId: maven.id,
    });
    expect(expectStatus(res, 201).data).toMatchObject({
      name: 'Maven build',
      yaml: maven.yaml,
      stageCount: 2,
    });
  });

  it.each([
    ['YAML that does not parse', 'name: P\nstages:\n  - id: [a\n', /^yaml: Line [34], document: /],
    [
      'a field the schema lacks',
      PIPELINE_YAML.replace('    jobs:', '    colour: red\n    jobs:'),
      'yaml: Line 7, stages[0].colour: unknown field colour',
    ],
    [
      'an unknown action node',
      PIPELINE_YAML.replace('uses: echo', 'uses: ehco'),
      'yaml: Line 11, stages[0].jobs[0].steps[0].uses: no action node is called ehco',
    ],
    [
      'an input of the wrong type',
      PIPELINE_YAML.replace('message: hello', 'message: [hello]'),
      /^yaml: Line 13, stages\[0\]\.jobs\[0\]\.steps\[0\]\.with\.message: /,
    ],
    [
      'a dangling need',
      PIPELINE_YAML.replace('      - id: greet\n', '      - id: greet\n        needs: [ghost]\n'),
      'yaml: Line 9, stages[0].jobs[0].needs[0]: needs ghost, which is not a job of stage check',
    ],
  ])('refuses %s, naming the line and field, and writes nothing', async (_, yaml, message) => {
    const before = expectStatus(
      await owner().get<Page<PipelineDetail>>(pms('pipelines/list?pageSize=100')),
      200,
    ).data.total;
    const res = await owner().post(pms('pipelines'), {
      repositoryId: repository.id,
      projectId: team.project.id,
      yaml,
    });
    expect400(res, message);
    expect(res.body.data.problems.length).toBeGreaterThan(0);
    const after = expectStatus(
      await owner().get<Page<PipelineDetail>>(pms('pipelines/list?pageSize=100')),
      200,
    ).data.total;
    expect(after).toBe(before);
  });

  it('refuses a project the repository is not linked to, and an unknown repository', async () => {
    const other = await createProject(team.owner, team.enterprise);
    expect400(
      await owner().post(pms('pipelines'), {
        repositoryId: repository.id,
        projectId: other.id,
        yaml: PIPELINE_YAML,
      }),
      'projectId: The project is not linked to the repository; link them first',
    );
    expect400(
      await owner().post(pms('pipelines'), {
        repositoryId: 'nope',
        projectId: team.project.id,
        yaml: PIPELINE_YAML,
      }),
      /^repositoryId: /,
    );
    expect400(
      await owner().post(pms('pipelines'), { repositoryId: repository.id, projectId: team.project.id }),
      'yaml: Give either a YAML definition or a template id',
    );
  });

  it('words every refusal as a sentence: the field, then a capital, never a camelCase name', async () => {
    const refusals: [Res, string][] = [
      [await owner().post(pms('pipelines'), {}), 'repositoryId: Please enter the repository'],
      [
        await owner().post(pms('pipelines'), { repositoryId: repository.id, projectId: 'p'.repeat(65) }),
        'projectId: The project must be at most 64 characters',
      ],
      [
        await form(owner(), 'POST', pms('actions/nodes'), {
          key: unique('k'),
          name: 'N',
          nodeTypeId: 'nope',
        }),
        'commandTemplate: Please enter the command template',
      ],
      [
        await form(owner(), 'POST', pms('actions/nodes'), {
          key: unique('k'),
          name: 'N',
          nodeTypeId: 'nope',
          commandTemplate: 'true',
        }),
        'nodeTypeId: No node type has the id nope',
      ],
      [
        await owner().post(pms('pipelines'), {
          repositoryId: repository.id,
          projectId: team.project.id,
          yaml: 'x: 1',
        }),
        'yaml: Line 1, name: name is required',
      ],
    ];
    for (const [res, message] of refusals) {
      expect400(res, message);
      expectSentence(res.body.errorMessage);
    }
  });

  it('saves definitions with their history, at the version read', async () => {
    const pipeline = await createPipeline();
    const second = PIPELINE_YAML.replace('message: hello', 'message: hello again');
    const saved = expectStatus(
      await owner().post<PipelineDetail>(pms(`pipelines/${pipeline.id}/save_yaml`), {
        version: pipeline.version,
        yaml: second,
        message: 'Friendlier',
      }),
      200,
    ).data;
    expect(saved).toMatchObject({ revision: 2, version: pipeline.version + 1, yaml: second });
    // A stale save and a bad definition change nothing.
    const stale = await owner().post(pms(`pipelines/${pipeline.id}/save_yaml`), {
      version: pipeline.version,
      yaml: PIPELINE_YAML,
    });
    expect(stale.status).toBe(409);
    expect400(
      await owner().post(pms(`pipelines/${pipeline.id}/save_yaml`), {
        version: saved.version,
        yaml: 'name: [',
      }),
      /^yaml: Line 1/,
    );
    const history = expectStatus(
      await owner().get<Page<PipelineRevision>>(pms(`pipelines/${pipeline.id}/revisions`)),
      200,
    ).data;
    expect(history.rows.map((r) => [r.revision, r.message, r.yaml])).toEqual([
      [2, 'Friendlier', second],
      [1, 'Created', PIPELINE_YAML],
    ]);
  });

  it('is enabled and disabled, and an action node it uses cannot be deleted', async () => {
    const pipeline = await createPipeline(
      PIPELINE_YAML.replace('uses: echo\n            with:\n              message: hello', 'uses: git-info'),
    );
    expect(
      expectStatus(await owner().post<PipelineDetail>(pms(`pipelines/${pipeline.id}/disable`)), 200).data
        .enabled,
    ).toBe(false);
    expect(
      expectStatus(await owner().post<PipelineDetail>(pms(`pipelines/${pipeline.id}/enable`)), 200).data
        .enabled,
    ).toBe(true);
    const nodes = expectStatus(await owner().get<ActionNode[]>(pms('actions/nodes')), 200).data;
    const gitInfo = nodes.find((n) => n.key === 'git-info')!;
    const res = await owner().delete(pms(`actions/nodes/${gitInfo.id}`));
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toMatch(/^The action node git-info is used by /);
  });

  it('is deleted with its history', async () => {
    const pipeline = await createPipeline();
    expectStatus(await owner().delete(pms(`pipelines/${pipeline.id}`)), 200);
    expect((await owner().get(pms(`pipelines/${pipeline.id}`))).status).toBe(404);
    expect((await owner().get(pms(`pipelines/${pipeline.id}/revisions`))).status).toBe(404);
  });
});
