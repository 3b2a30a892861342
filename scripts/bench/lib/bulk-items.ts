/**
 * Fills a project with work items as the API's create writes them (item, description, id
 * pointer, journal, change-log entry), with batch writes instead of one transaction per item:
 * 10,000 creates through the API take minutes. Realistic titles, kinds, statuses, priorities,
 * assignees, tags, dates and parents, the same every run. Import after the configuration points
 * at the bench's stack.
 */
import type { BenchWorld } from './world';
import { seededRandom } from './world';

const WORDS = [
  'sync',
  'login',
  'report',
  'export',
  'dock',
  'battery',
  'map',
  'alarm',
  'route',
  'fleet',
  'shift',
];
const VERBS = ['Fix', 'Add', 'Improve', 'Remove', 'Document', 'Test'];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Writes `count` items into the project; returns their ids, oldest first. */
export async function seedItems(
  world: BenchWorld,
  projectId: string,
  count: number,
  seed = 42,
): Promise<string[]> {
  const { clock } = await import('../../../functions/src/core/clock');
  const { newId } = await import('../../../functions/src/core/ids');
  const { getCounters } = await import('../../../functions/src/modules/issues/store/counters');
  const { bulkCreateIssues } = await import('../../../functions/src/modules/issues/store/bulk');
  const { journalFor } = await import('../../../functions/src/modules/issues/journals');
  const { newIssueRecord } = await import('../../../functions/src/modules/issues/work-items');
  const { random, pick } = seededRandom(seed);
  const counters = await getCounters(world.enterprise.id, projectId);
  const realNow = clock.now;
  const started = Date.now();
  const ids: string[] = [];
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const at = started - count * 60_000 + i * 60_000;
    clock.now = () => at;
    const start = random() < 0.7 ? day(at + Math.floor(random() * 20) * 86_400_000) : null;
    const body = {
      pmsProjectId: projectId,
      pmIssueType: pick([1, 2, 3] as const),
      title: `${pick(VERBS)} ${pick(WORDS)} ${pick(WORDS)} ${i}`,
      status: pick([1, 1, 2, 2, 3, 5, 5, 6] as const),
      priority: pick([1, 2, 3, 3, 4] as const),
      assigneeId: random() < 0.85 ? pick(world.people).userId : null,
      tagIds: random() < 0.6 ? [pick(world.tags).id] : [],
      startDate: start,
      endDate:
        start && random() < 0.8 ? day(Date.parse(start) + Math.floor(random() * 30) * 86_400_000) : null,
      estimatedHours: random() < 0.5 ? Math.ceil(random() * 16) : null,
      parentId: i > 100 && random() < 0.1 ? pick(ids.slice(-100)) : null,
    };
    const issueId = newId();
    ids.push(issueId);
    const author = pick(world.people).userId;
    const issue = newIssueRecord(body, {
      issueId,
      issueNumber: counters.issueSeq + i + 1,
      authorId: author,
      at: new Date(at).toISOString(),
    });
    entries.push({
      issue,
      description: `Details of item ${i}.`,
      journal: journalFor(world.enterprise.id, issue, 'created', author, issue.createdAt),
    });
  }
  clock.now = realNow;
  await bulkCreateIssues(world.enterprise.id, projectId, counters, entries, Date.now());
  return ids;
}
