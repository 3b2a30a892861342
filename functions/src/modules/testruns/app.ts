import { createGroupApp } from '@core/http/group';
import { testReportRoutes } from './routes/reports';
import { sheetCaseRoutes } from './routes/sheet-cases';
import { sheetIssueRoutes } from './routes/sheet-issues';
import { testSheetRoutes } from './routes/sheets';

/**
 * Test execution: sheets (`pmsProjectTestsheet`), their cases and results
 * (`pmsProjectTestsheetCases`), linked work items (`pmsProjectTestsheetIssues`) and reports
 * (`testReport`). Within each router static paths come before `{id}`.
 */
export const testrunsApp = createGroupApp()
  .route('/', testSheetRoutes)
  .route('/', sheetCaseRoutes)
  .route('/', sheetIssueRoutes)
  .route('/', testReportRoutes);
