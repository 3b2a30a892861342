/**
 * Demo pipelines for Fleet Console: two pipelines on the seeded `fleet-api` repository, each with a
 * history of runs that succeeded and failed, run for real by the server's local executor (a real
 * checkout from the local git server, real shell steps). A parameter decides which runs fail, so
 * the history is the same on every machine. Idempotent: an enterprise with pipelines is left alone.
 */
import type { Page, Project } from '@shared/index';
import type { Pipeline, PipelineDetail } from '@shared/schemas/pipelines';
import type { RunResults } from '@shared/schemas/pipelines-runs';
import type { Repository } from '@shared/schemas/repositories';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;

const CHECKS_YAML = `name: Fleet API checks
description: Lint and test on every push to main
trigger:
  push:
    branches: [main]
parameters:
  - name: SUITE
    type: select
    default: unit
    options: [unit, flaky]
stages:
  - id: verify
    name: Verify
    jobs:
      - id: lint
        name: Lint
        steps:
          - id: lint
            uses: shell-script
            with:
              script: |
                echo "Linting the files of $(git log -1 --format=%h)"
                echo "No problems found"
      - id: test
        name: Test
        steps:
          - id: commit
            uses: git-info
          - id: test
            uses: shell-script
            with:
              script: |
                echo "Running the {{ params.SUITE }} suite"
                if [ "$SUITE" = flaky ]; then echo "1 of 48 tests failed: fleet status times out" >&2; exit 1; fi
                echo "48 of 48 tests passed"
  - id: package
    name: Package
    jobs:
      - id: build
        name: Build
        steps:
          - id: build
            uses: shell-script
            with:
              script: echo "Packaging fleet-api at $PIPELINE_COMMIT"
`;

const DEPLOY_YAML = `name: Fleet API deploy to staging
description: Deploys a chosen commit to the staging fleet
parameters:
  - name: TARGET
    type: select
    default: staging
    options: [staging, staging-eu]
  - name: HEALTHY
    type: boolean
    default: true
stages:
  - id: deploy
    name: Deploy
    jobs:
      - id: rollout
        name: Roll out
        steps:
          - id: announce
            uses: echo
            with:
              message: Deploying to {{ params.TARGET }}
          - id: health
            uses: shell-script
            with:
              script: |
                echo "Waiting for the health check of $TARGET"
                if [ "$HEALTHY" != true ]; then echo "Health check failed: 3 of 12 vehicles unreachable" >&2; exit 2; fi
                echo "All 12 vehicles report healthy"
`;

/** The runs each pipeline gets, in order: their parameters decide whether they fail. */
const HISTORY: { yaml: string; runs: Record<string, string | boolean>[] }[] = [
  { yaml: CHECKS_YAML, runs: [{}, { SUITE: 'flaky' }, {}, {}, { SUITE: 'flaky' }, {}] },
  { yaml: DEPLOY_YAML, runs: [{}, { HEALTHY: false }, { TARGET: 'staging-eu' }, {}] },
];

async function waitForEnd(owner: ApiSession, pipelineId: string, run: number): Promise<RunResults> {
  for (let polls = 0; polls < 600; polls += 1) {
    const results = await owner.get<RunResults>(`${BASE}/pipelines/${pipelineId}/run_results/${run}`);
    if (results.finishedAt) return results;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Run ${run} of pipeline ${pipelineId} did not end within a minute`);
}

/** Seeds the pipelines; answers how many runs they got (0 when there was nothing to do). */
export async function seedPipelines(seed: FoundationSeed): Promise<number> {
  const owner = seed.owner;
  const existing = await owner.get<Page<Pipeline>>(`${BASE}/pipelines/list?pageSize=1`);
  if (existing.total > 0) return 0;
  const repositories = await owner.get<Page<Repository>>(`${BASE}/pmsRepository/list?kind=code&pageSize=100`);
  const repository = repositories.rows.find((r) => r.name === 'fleet-api');
  const projects = await owner.get<Page<Project>>(`${BASE}/pmsProject/list?keyword=Fleet%20Console`);
  const project = projects.rows.find((p) => p.name === 'Fleet Console');
  if (!repository || !project) return 0;
  let runs = 0;
  for (const { yaml, runs: parameters } of HISTORY) {
    const pipeline = await owner.post<PipelineDetail>(`${BASE}/pipelines`, {
      repositoryId: repository.id,
      projectId: project.id,
      yaml,
    });
    for (const values of parameters) {
      const run = await owner.post<RunResults>(`${BASE}/pipelines/${pipeline.id}/run`, {
        parameters: values,
      });
      await waitForEnd(owner, pipeline.id, run.number);
      runs += 1;
    }
  }
  return runs;
}
