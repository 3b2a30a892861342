import { PRIORITIES } from './priorities';
import { WORK_ITEM_KIND, WORK_ITEM_STATUSES } from './work-items';

/**
 * Dictionary data served by `GET /api/system/dict/data/type/{key}` (spec section 3: status,
 * priority, module and tag entries supplied by the server). Entries follow the usual dictionary
 * shape: a label, a value, a css class (colour) and a sort order.
 */
export interface DictEntry {
  dictType: string;
  dictLabel: string;
  dictValue: string;
  listClass: string;
  dictSort: number;
}

function entries(
  dictType: string,
  rows: { label: string; value: string | number; color?: string }[],
): DictEntry[] {
  return rows.map((row, index) => ({
    dictType,
    dictLabel: row.label,
    dictValue: String(row.value),
    listClass: row.color ?? 'default',
    dictSort: index + 1,
  }));
}

const STATUS_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'green', 5: 'dark', 6: 'red' };

function statusDict(dictType: string, kind: keyof typeof WORK_ITEM_STATUSES): DictEntry[] {
  return entries(
    dictType,
    WORK_ITEM_STATUSES[kind].map((s) => ({ label: s.name, value: s.id, color: STATUS_COLORS[s.id] })),
  );
}

export const DICTIONARIES: Record<string, DictEntry[]> = {
  pms_demand_status: statusDict('pms_demand_status', WORK_ITEM_KIND.demand),
  pms_task_status: statusDict('pms_task_status', WORK_ITEM_KIND.task),
  pms_bug_status: statusDict('pms_bug_status', WORK_ITEM_KIND.bug),
  pms_priority: entries(
    'pms_priority',
    PRIORITIES.map((p) => ({ label: p.label, value: p.id, color: p.color })),
  ),
  pms_project_status: entries('pms_project_status', [
    { label: 'Open', value: 1, color: 'green' },
    { label: 'Paused', value: 2, color: 'yellow' },
    { label: 'Closed', value: 0, color: 'gray' },
  ]),
  pms_module: entries('pms_module', [
    { label: 'Demand', value: WORK_ITEM_KIND.demand },
    { label: 'Task', value: WORK_ITEM_KIND.task },
    { label: 'Bug', value: WORK_ITEM_KIND.bug },
    { label: 'Code', value: WORK_ITEM_KIND.code },
    { label: 'Iteration', value: WORK_ITEM_KIND.iteration },
    { label: 'Test', value: WORK_ITEM_KIND.test },
    { label: 'Docs', value: WORK_ITEM_KIND.docs },
  ]),
  pms_tag_color: entries('pms_tag_color', [
    { label: 'Red', value: 'red', color: 'red' },
    { label: 'Orange', value: 'orange', color: 'orange' },
    { label: 'Yellow', value: 'yellow', color: 'yellow' },
    { label: 'Green', value: 'green', color: 'green' },
    { label: 'Blue', value: 'blue', color: 'blue' },
    { label: 'Violet', value: 'violet', color: 'violet' },
    { label: 'Gray', value: 'gray', color: 'gray' },
  ]),
};

export const DICTIONARY_KEYS = Object.keys(DICTIONARIES);
