/**
 * Search params of the weekly pages: `?week=` (a Monday; absent: this week), and on the project
 * page the category and page of the items of the week. Plain functions (validateSearch runs in
 * the first script); what is not allowed is dropped, not refused.
 */
import { isMonday, PROJECT_ISSUE_CATEGORIES, type ProjectIssueCategory } from '@shared/domain/weekly';

export interface WeeklySearch {
  week?: string;
}

export interface ProjectWeeklySearch extends WeeklySearch {
  category?: ProjectIssueCategory;
  pageNum?: number;
}

export function validateWeeklySearch(search: Record<string, unknown>): WeeklySearch {
  return typeof search.week === 'string' && isMonday(search.week) ? { week: search.week } : {};
}

export function validateProjectWeeklySearch(search: Record<string, unknown>): ProjectWeeklySearch {
  const result: ProjectWeeklySearch = validateWeeklySearch(search);
  const category = PROJECT_ISSUE_CATEGORIES.find((c) => c.id === search.category);
  if (category) result.category = category.id;
  const pageNum = Number(search.pageNum);
  if (Number.isInteger(pageNum) && pageNum > 1) result.pageNum = pageNum;
  return result;
}
