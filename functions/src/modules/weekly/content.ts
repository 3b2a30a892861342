/**
 * A report's content checked against its template's sections, and its list of work items
 * checked against the project: each problem a 400 naming the field, before anything is written.
 */
import { badRequest } from '@core/errors';
import type { TemplateSection } from '@shared/domain/weekly';
import type { ReportContent, ReportItemInput } from '@shared/schemas/weekly';
import type { StoredItem } from './store/reports';

/** Every section of the template with its text or rows: missing ones empty, unknown keys refused. */
export function contentFor(sections: readonly TemplateSection[], given: ReportContent = {}): ReportContent {
  const byKey = new Map(sections.map((section) => [section.key, section]));
  for (const key of Object.keys(given)) {
    if (!byKey.has(key)) throw badRequest(`content.${key}`, `The template has no section ${key}`);
  }
  const content: ReportContent = {};
  for (const section of sections) {
    const value = given[section.key];
    if (section.kind === 'text') {
      if (Array.isArray(value)) throw badRequest(`content.${section.key}`, 'Must be text');
      content[section.key] = value ?? '';
    } else {
      if (typeof value === 'string')
        throw badRequest(`content.${section.key}`, 'Must be a list of table rows');
      content[section.key] = value ?? [];
    }
  }
  return content;
}

/**
 * The listed items, each at most once, each an item of the project (`inProject`); 400 naming the
 * first that is not.
 */
export function itemsFor(
  given: readonly ReportItemInput[],
  inProject: (issueId: string) => boolean,
  projectName: string,
): StoredItem[] {
  const seen = new Set<string>();
  return given.map((item, index) => {
    if (seen.has(item.issueId))
      throw badRequest(`items.${index}.issueId`, `Work item ${item.issueId} is listed twice`);
    seen.add(item.issueId);
    if (!inProject(item.issueId)) {
      throw badRequest(
        `items.${index}.issueId`,
        `Work item ${item.issueId} is not in project ${projectName}`,
      );
    }
    return { issueId: item.issueId, list: item.list, completion: item.completion };
  });
}

/** Whether two lists name the same items in the same lists (completions may differ). */
export function sameItems(a: readonly StoredItem[], b: readonly StoredItem[]): boolean {
  const key = (items: readonly StoredItem[]) =>
    items
      .map((item) => `${item.list}:${item.issueId}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
