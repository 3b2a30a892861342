/**
 * The load per assignee (statistics.byAssignee) as bars: each person's unfinished hours against the
 * busiest person's. When nobody has estimates, the bars compare unfinished items instead, so a
 * sprint planned without estimates still shows who carries the most.
 */
import type { SprintStatistics } from '@shared/schemas/sprints';

export type AssigneeLoad = SprintStatistics['byAssignee'][number];

export interface LoadBar {
  key: string;
  name: string;
  items: number;
  unfinished: number;
  unfinishedHours: number;
  /** 0..100, relative to the largest load. */
  percent: number;
}

export function loadBars(byAssignee: readonly AssigneeLoad[]): { bars: LoadBar[]; by: 'hours' | 'items' } {
  const by = byAssignee.some((a) => a.unfinishedEstimatedHours > 0) ? 'hours' : 'items';
  const measure = (a: AssigneeLoad) => (by === 'hours' ? a.unfinishedEstimatedHours : a.unfinished);
  const max = Math.max(0, ...byAssignee.map(measure));
  const bars = [...byAssignee]
    .sort((a, b) => measure(b) - measure(a) || b.count - a.count)
    .map((a) => ({
      key: a.user?.userId ?? 'unassigned',
      name: a.user ? a.user.nickname || a.user.login : 'Unassigned',
      items: a.count,
      unfinished: a.unfinished,
      unfinishedHours: Math.round(a.unfinishedEstimatedHours * 10) / 10,
      percent: max === 0 ? 0 : Math.round((measure(a) / max) * 100),
    }));
  return { bars, by };
}
