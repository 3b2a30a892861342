/**
 * The state of the report form: each section's text or rows, and the listed work items with their
 * completion. Pure functions over it, so picking, moving and the bodies sent are testable.
 */
import type { ItemList, TemplateSection } from '@shared/domain/weekly';
import type {
  ReportContent,
  ReportDetail,
  ReportItemInput,
  TableRow,
  WeeklyIssue,
} from '@shared/schemas/weekly';

export interface FormItem {
  issueId: string;
  list: ItemList;
  completion: number;
  /** How the item shows; null when it was deleted. */
  issue: WeeklyIssue | null;
}

export interface ReportDraft {
  content: ReportContent;
  items: FormItem[];
}

export const EMPTY_ROW: TableRow = {
  majorItem: '',
  detail: '',
  department: '',
  person: '',
  plannedCompletion: null,
  actualCompletion: null,
  progress: 0,
};

/** A new report: every section empty; `planned` (last week's plan) in this week's list. */
export function newDraft(sections: readonly TemplateSection[], planned: readonly WeeklyIssue[]): ReportDraft {
  const content: ReportContent = {};
  for (const section of sections) content[section.key] = section.kind === 'text' ? '' : [];
  return {
    content,
    items: planned.map((issue) => ({ issueId: issue.id, list: 'thisWeek', completion: 0, issue })),
  };
}

export function draftOf(report: ReportDetail): ReportDraft {
  return { content: report.content, items: report.items.map((item) => ({ ...item })) };
}

/** Puts an item in a list (moving it from the other one), at the end. */
export function pickItem(draft: ReportDraft, issue: WeeklyIssue, list: ItemList): ReportDraft {
  const others = draft.items.filter((item) => item.issueId !== issue.id);
  const completion = draft.items.find((item) => item.issueId === issue.id)?.completion ?? 0;
  return { ...draft, items: [...others, { issueId: issue.id, list, completion, issue }] };
}

export function dropItem(draft: ReportDraft, issueId: string): ReportDraft {
  return { ...draft, items: draft.items.filter((item) => item.issueId !== issueId) };
}

export function setCompletion(draft: ReportDraft, issueId: string, completion: number): ReportDraft {
  return {
    ...draft,
    items: draft.items.map((item) => (item.issueId === issueId ? { ...item, completion } : item)),
  };
}

export function setSection(draft: ReportDraft, key: string, value: string | TableRow[]): ReportDraft {
  return { ...draft, content: { ...draft.content, [key]: value } };
}

/** What add and edit send for the items. */
export function itemInputs(draft: ReportDraft): ReportItemInput[] {
  return draft.items.map(({ issueId, list, completion }) => ({ issueId, list, completion }));
}

/** The list each section shows, and the lists no section shows (their items are listed apart). */
export function listsShown(sections: readonly TemplateSection[]): Set<ItemList> {
  return new Set(sections.flatMap((section) => (section.items ? [section.items] : [])));
}
