/**
 * A report as text: each section's text, or its table as numbered lines, and what each revision
 * changed. Pure, so the history and the print view read the same and can be tested.
 */
import { addDays, type TemplateSection } from '@shared/domain/weekly';
import type { ReportContent, Revision, TableRow, WeekInfo } from '@shared/schemas/weekly';

/**
 * The last day a week's reports may change: the Sunday of the week after (the week closes at the
 * next midnight in the enterprise's time zone). Said as a date of that zone, not as an instant in
 * the reader's own, where Monday 00:00 in Amsterdam reads as Sunday 23:00.
 */
export const closingDay = (week: Pick<WeekInfo, 'weekStart'>) => addDays(week.weekStart, 13);

/** One table row as a line: "Major item — detail (person, planned 03-13, done 03-12, 80%)". */
export function rowLine(row: TableRow, serial: number): string {
  const facts = [
    row.department,
    row.person,
    row.plannedCompletion && `planned ${row.plannedCompletion}`,
    row.actualCompletion && `done ${row.actualCompletion}`,
    `${row.progress}%`,
  ].filter(Boolean);
  return `${serial}. ${row.majorItem}${row.detail ? ` — ${row.detail}` : ''} (${facts.join(', ')})`;
}

export function sectionText(value: ReportContent[string] | undefined): string {
  if (typeof value === 'string') return value;
  return (value ?? []).map((row, i) => rowLine(row, i + 1)).join('\n');
}

export interface SectionChange {
  title: string;
  before: string;
  after: string;
}

/** The sections a revision changed against the one before it (everything, for the first). */
export function revisionChanges(
  sections: readonly TemplateSection[],
  revision: Revision,
  previous: Revision | undefined,
): SectionChange[] {
  return sections.flatMap((section) => {
    const before = previous ? sectionText(previous.content[section.key]) : '';
    const after = sectionText(revision.content[section.key]);
    return before === after ? [] : [{ title: section.title, before, after }];
  });
}

/** Completions a revision changed, as "#issue: 40% → 60%" lines keyed by issue id. */
export function completionChanges(
  revision: Revision,
  previous: Revision | undefined,
): Map<string, [number, number]> {
  const was = new Map((previous?.items ?? []).map((item) => [item.issueId, item.completion]));
  const changed = new Map<string, [number, number]>();
  for (const item of revision.items) {
    const before = was.get(item.issueId);
    if (before !== undefined && before !== item.completion)
      changed.set(item.issueId, [before, item.completion]);
  }
  return changed;
}
