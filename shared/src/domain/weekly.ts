/**
 * Weekly reports (spec sections 2, 3, 7 and 9): report kinds, the two default templates, the
 * categories of a week's work items, the reminder defaults and the calendar arithmetic of weeks.
 * Zod-free, so the web's week picker and the server share it. Definitions: docs/weekly-reports.md.
 *
 * A week is named by its Monday, `YYYY-MM-DD`, as a date in the enterprise's time zone; it runs
 * from that Monday 00:00 to the next Monday 00:00 there. Turning a week into instants needs the
 * time zone and is the server's (functions/src/modules/weekly/weeks.ts).
 */
import { REPORT_KIND } from './work-items';

export { REPORT_KIND };

/** A template section: free text, or the table of the two-table form. */
export type SectionKind = 'text' | 'table';

/**
 * The two lists of work items a report carries: what was worked on this week and what is planned
 * for the next. A section may show one of them (`items`): the table's rows, or a list under the text.
 */
export const ITEM_LISTS = ['thisWeek', 'nextWeek'] as const;
export type ItemList = (typeof ITEM_LISTS)[number];

export interface TemplateSection {
  /** Stable within the template: the report's content is keyed by it. */
  key: string;
  title: string;
  kind: SectionKind;
  /** The list of work items this section shows, if any. */
  items?: ItemList;
}

export interface BuiltInTemplate {
  id: string;
  name: string;
  sections: readonly TemplateSection[];
}

/** Section 9's default templates. Their ids never change; enterprise templates get generated ids. */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'simple',
    name: 'Simple summary',
    sections: [
      { key: 'thisWeek', title: "This week's work", kind: 'text', items: 'thisWeek' },
      { key: 'nextWeek', title: "Next week's plan", kind: 'text', items: 'nextWeek' },
      { key: 'support', title: 'Support needed', kind: 'text' },
    ],
  },
  {
    id: 'form',
    name: 'Two-table form',
    sections: [
      { key: 'thisWeek', title: "This week's work", kind: 'table', items: 'thisWeek' },
      { key: 'nextWeek', title: "Next week's plan", kind: 'table', items: 'nextWeek' },
    ],
  },
];

/** The columns of a table section (section 9), in order; the serial number is the row's position. */
export const TABLE_COLUMNS = [
  { key: 'serial', title: 'No.' },
  { key: 'majorItem', title: 'Major item' },
  { key: 'detail', title: 'Detail' },
  { key: 'department', title: 'Department' },
  { key: 'person', title: 'Person' },
  { key: 'plannedCompletion', title: 'Planned completion' },
  { key: 'actualCompletion', title: 'Actual completion' },
  { key: 'progress', title: 'Progress' },
] as const;

export const REPORT_STATUS = { draft: 'draft', submitted: 'submitted' } as const;
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];

/** Limits of one report and of a template. */
export const WEEKLY_LIMITS = {
  sections: 10,
  sectionText: 10_000,
  tableRows: 100,
  items: 100,
  enterpriseTemplates: 50,
} as const;

/** The categories of a member's (or a project's) work items in a week; docs/weekly-reports.md. */
export const ISSUE_CATEGORIES = [
  { id: 'finished', name: 'Finished' },
  { id: 'inProgress', name: 'In progress' },
  { id: 'overdue', name: 'Overdue' },
  { id: 'nextWeek', name: 'Planned next week' },
] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number]['id'];

/** The project's items of a week add what was created in it. */
export const PROJECT_ISSUE_CATEGORIES = [{ id: 'created', name: 'Created' }, ...ISSUE_CATEGORIES] as const;
export type ProjectIssueCategory = (typeof PROJECT_ISSUE_CATEGORIES)[number]['id'];

/** Weekday numbers of the reminder setting: 1 Monday ... 7 Sunday (ISO). */
export const WEEKDAYS = [
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
  { id: 7, name: 'Sunday' },
] as const;

/** The enterprise's defaults: weeks in UTC, reminders on Friday at 17:00. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_REMINDER_DAY = 5;
export const DEFAULT_REMINDER_TIME = '17:00';

/** How many weeks the team view's week-over-week chart shows (the chosen week last). */
export const TREND_WEEKS = 8;

// ---- calendar arithmetic of dates (no time zone needed) ---------------------------------------

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
}

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function weekdayOf(date: string): number {
  const day = new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

export function isMonday(date: string): boolean {
  return isCalendarDate(date) && weekdayOf(date) === 1;
}

/** The Sunday that ends the week of `monday`. */
export const sundayOf = (monday: string) => addDays(monday, 6);

/** "2026-03-02 – 03-08" style label of a week; the year once unless the week spans two. */
export function weekLabel(monday: string): string {
  const sunday = sundayOf(monday);
  return monday.slice(0, 4) === sunday.slice(0, 4)
    ? `${monday} – ${sunday.slice(5)}`
    : `${monday} – ${sunday}`;
}

/** An `HH:mm` time of day (00:00 to 23:59). */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
