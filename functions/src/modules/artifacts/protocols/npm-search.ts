/**
 * `npm search` (`GET /-/v1/search?text=&size=&from=`): every word of the text must appear in a
 * package's name, description or keywords (any case), read from the version its `latest` tag
 * names, else the newest. A group searches its members in read order, each name from the first
 * member that has it. The answer has the fields npm prints; the scores are constant (there are no
 * download counts to weigh), and matches on the name come first.
 */
import { getUsers } from '@core/identity/store/users';
import type { Context } from 'hono';
import { type ComponentRecord, listComponents } from '../store/contents';
import { listAllTags } from '../store/npm-tags';
import type { RepositoryRecord } from '../store/repositories';
import { readOrder } from './members';

const MAX_SIZE = 250;

interface Candidate {
  component: ComponentRecord;
  description: string;
  keywords: string[];
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const keywordsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];

/** Each package of the repository once: the version its latest tag names, else the newest. */
async function packagesOf(repository: RepositoryRecord): Promise<Candidate[]> {
  const found = new Map<string, Candidate>();
  for (const member of await readOrder(repository)) {
    const [components, tags] = await Promise.all([
      listComponents(member.enterpriseId, member.repositoryId),
      listAllTags(member.enterpriseId, member.repositoryId),
    ]);
    const versionsByName = new Map<string, ComponentRecord[]>();
    for (const component of components) {
      if (!found.has(component.name)) {
        versionsByName.set(component.name, [...(versionsByName.get(component.name) ?? []), component]);
      }
    }
    const chosen = [...versionsByName].map(([name, versions]): [string, ComponentRecord] => {
      const latest = tags.get(name)?.latest;
      const newest = versions.reduce((a, b) => (b.publishedAt > a.publishedAt ? b : a));
      return [name, versions.find((v) => v.version === latest) ?? newest];
    });
    for (const [name, component] of chosen) {
      const manifest = component.attributes ?? {};
      found.set(name, {
        component,
        description: textOf(manifest.description),
        keywords: keywordsOf(manifest.keywords),
      });
    }
  }
  return [...found.values()];
}

const numberParam = (raw: string | undefined, fallback: number, max: number) => {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
};

export async function searchPackages(c: Context, repository: RepositoryRecord): Promise<Response> {
  const words = (c.req.query('text') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const size = numberParam(c.req.query('size'), 20, MAX_SIZE) || 20;
  const from = numberParam(c.req.query('from'), 0, Number.MAX_SAFE_INTEGER);
  const matches = (await packagesOf(repository))
    .map((p) => ({ p, haystack: [p.component.name, p.description, ...p.keywords].join(' ').toLowerCase() }))
    .filter(({ haystack }) => words.every((word) => haystack.includes(word)))
    .map(({ p }) => ({ p, onName: words.every((w) => p.component.name.toLowerCase().includes(w)) }))
    .sort(
      (a, b) => Number(b.onName) - Number(a.onName) || a.p.component.name.localeCompare(b.p.component.name),
    );
  const page = matches.slice(from, from + size);
  const users = await getUsers([...new Set(page.map(({ p }) => p.component.publishedBy))]);
  const objects = page.map(({ p, onName }) => {
    const username = users.get(p.component.publishedBy)?.login ?? 'unknown';
    const name = p.component.name;
    return {
      package: {
        name,
        scope: name.startsWith('@') ? name.slice(1, name.indexOf('/')) : 'unscoped',
        version: p.component.version,
        description: p.description,
        keywords: p.keywords,
        date: p.component.publishedAt,
        links: {},
        publisher: { username },
        maintainers: [{ username }],
      },
      score: { final: onName ? 1 : 0.5, detail: { quality: 1, popularity: 1, maintenance: 1 } },
      searchScore: onName ? 1 : 0.5,
    };
  });
  return c.json({ objects, total: matches.length, time: new Date().toUTCString() }, 200);
}
