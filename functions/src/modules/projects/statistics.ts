/**
 * The project overview's statistics: items by kind and status, created/closed/open per day, and
 * the activity feed. The first two come from the project's in-memory index of work items (no
 * read of the items), the feed from gsi1.
 */

import { clock } from '@core/clock';
import { ISSUE_KIND_LABELS, ISSUE_KINDS, issueStatusName } from '@shared/domain/work-item-workflow';
import { STATUS_GROUPS } from '@shared/domain/work-items';
import type { Page } from '@shared/schemas/common';
import type { Journal } from '@shared/schemas/issues';
import type { LineChart, PieBarChart } from '@shared/schemas/projects';
import {
  currentCounts,
  feedPage,
  journalViews,
  type ProjectIndex,
  projectWithIndex,
  readProjectState,
} from '../issues';
import { projectNotFound } from './projects';

async function projectAndIndex(enterpriseId: string, projectId: string): Promise<ProjectIndex> {
  return (await projectWithIndex(enterpriseId, projectId)).index;
}

/** Items per kind, and per status within each kind (every status listed, zeros included). */
export async function pieBarChart(enterpriseId: string, projectId: string): Promise<PieBarChart> {
  const index = await projectAndIndex(enterpriseId, projectId);
  const counts = new Map<string, number>();
  for (const row of index.rows.values()) {
    const key = `${row.pmIssueType}/${row.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    kinds: ISSUE_KINDS.map((kind) => {
      const statuses = STATUS_GROUPS.all.map((status) => ({
        status,
        name: issueStatusName(kind, status),
        count: counts.get(`${kind}/${status}`) ?? 0,
      }));
      return {
        pmIssueType: kind,
        name: ISSUE_KIND_LABELS[kind].many,
        total: statuses.reduce((n, s) => n + s.count, 0),
        statuses,
      };
    }),
  };
}

const DAY_MS = 86_400_000;

/**
 * Per UTC day, the `days` days ending today: items created that day, items closed that day (by
 * `closedAt`: when they last entered the closed status and are still closed), and items open at
 * the day's end (created by then and not closed by then). Deleted items are not counted.
 */
export async function lineChart(enterpriseId: string, projectId: string, days: number): Promise<LineChart> {
  const index = await projectAndIndex(enterpriseId, projectId);
  const today = Math.floor(clock.now() / DAY_MS);
  const labels = Array.from({ length: days }, (_, i) =>
    new Date((today - days + 1 + i) * DAY_MS).toISOString().slice(0, 10),
  );
  const first = labels[0]!;
  const last = labels[labels.length - 1]!;
  const position = new Map(labels.map((day, i) => [day, i]));
  const created = new Array<number>(days).fill(0);
  const closed = new Array<number>(days).fill(0);
  // Items created on day i add one to open from day i on; closing removes it from the closing day on.
  const openDelta = new Array<number>(days).fill(0);
  let openBefore = 0;
  const shift = (day: string, delta: number) => {
    if (day < first) openBefore += delta;
    else if (day <= last) openDelta[position.get(day)!]! += delta;
  };
  for (const row of index.rows.values()) {
    const createdDay = row.createdAt.slice(0, 10);
    const closedDay = row.closedAt?.slice(0, 10) ?? null;
    const createdAt = position.get(createdDay);
    if (createdAt !== undefined) created[createdAt]! += 1;
    if (closedDay) {
      const closedAt = position.get(closedDay);
      if (closedAt !== undefined) closed[closedAt]! += 1;
    }
    shift(createdDay, 1);
    // Not open once closed: from the later of its creation and closing day.
    if (closedDay) shift(closedDay > createdDay ? closedDay : createdDay, -1);
  }
  const open: number[] = [];
  let running = openBefore;
  for (const delta of openDelta) {
    running += delta;
    open.push(running);
  }
  return { days: labels, created, closed, open };
}

/** The project's activity feed (every item's journal entries), newest first. */
export async function dynamics(
  enterpriseId: string,
  projectId: string,
  page: { pageNum: number; pageSize: number },
): Promise<Page<Journal>> {
  const state = await readProjectState(enterpriseId, projectId);
  if (!state.project) throw projectNotFound(projectId);
  const offset = (page.pageNum - 1) * page.pageSize;
  const [journals, counts] = await Promise.all([
    feedPage(enterpriseId, projectId, offset, page.pageSize),
    currentCounts(enterpriseId, projectId, state.counters),
  ]);
  return {
    rows: await journalViews(journals),
    total: counts.journalCount,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
