/**
 * The people, enterprise, projects and tags a bench works in, made through the public API so
 * every rule holds: nine members (the first owns the enterprise), projects with all of them as
 * members, eight tags.
 */
import { appClient, type Call, type FetchApp, must } from './app-client';

export const BENCH_PASSWORD = 'bench-password-1';

export interface BenchPerson {
  call: Call;
  userId: string;
  login: string;
}

export interface BenchWorld {
  people: BenchPerson[];
  owner: BenchPerson;
  enterprise: { id: string; deptId: string; enterpriseIdentifier: string };
  /** `/api/pms/{identifier}` */
  pms: string;
  projects: { id: string; name: string }[];
  tags: { id: string }[];
}

const NICKNAMES = ['Olivia', 'bruno', 'Chen', 'dana', 'Emeka', 'fatima', 'Goran', 'hana', 'Ivo'];

export async function benchWorld(app: FetchApp, projectCount = 1): Promise<BenchWorld> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const people = await Promise.all(
    NICKNAMES.map(async (nickname, i) => {
      const call = appClient(app);
      const login = `bench${i}${stamp}`;
      const user = await must(
        call('POST', '/api/auth/signup', {
          login,
          email: `${login}@example.test`,
          nickname,
          password: BENCH_PASSWORD,
        }),
        201,
      );
      return { call, userId: user.userId as string, login };
    }),
  );
  const owner = people[0]!;
  const enterprise = await must(
    owner.call('POST', '/api/pms/pmsEnterprise', { identifier: `bench${stamp}`, name: 'Bench' }),
    201,
  );
  for (const person of people.slice(1)) {
    await must(
      owner.call('POST', `/api/system/dept/${enterprise.deptId}/GitLinkUser`, {
        gitlinkUserId: person.userId,
      }),
      201,
    );
  }
  const pms = `/api/pms/${enterprise.enterpriseIdentifier}`;
  const projects: BenchWorld['projects'] = [];
  for (let i = 0; i < projectCount; i += 1) {
    const project = await must(
      owner.call('POST', `${pms}/pmsProject`, { name: `Benchmark project ${i + 1}` }),
      201,
    );
    await must(
      owner.call('POST', `${pms}/pmsProject/${project.id}/members`, {
        userIds: people.slice(1).map((p) => p.userId),
      }),
      201,
    );
    projects.push({ id: project.id, name: project.name });
  }
  const tags: { id: string }[] = [];
  for (const name of ['backend', 'frontend', 'api', 'ux', 'infra', 'customer', 'security', 'perf']) {
    tags.push(
      await must(
        owner.call('POST', `${pms}/pmsProjectIssues/enterpriseIssueTags`, { name, color: 'blue' }),
        201,
      ),
    );
  }
  return { people, owner, enterprise, pms, projects, tags };
}

/** A deterministic pseudo-random source (the same items every run). */
export function seededRandom(seed = 42) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return { random, pick };
}
