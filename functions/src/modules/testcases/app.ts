import { createGroupApp } from '@core/http/group';
import { caseModuleRoutes } from './routes/case-modules';
import { caseSpreadsheetRoutes } from './routes/spreadsheets';
import { caseTagRoutes } from './routes/tags';
import { testcaseRoutes } from './routes/testcases';

/**
 * The case library: `/api/pms/{identifier}/pmsProjectTestcase...` (cases, spreadsheets, modules,
 * tags and types). Spreadsheets come before the cases: `GET {id}` would also match `download`.
 */
export const testcasesApp = createGroupApp()
  .route('/', caseModuleRoutes)
  .route('/', caseTagRoutes)
  .route('/', caseSpreadsheetRoutes)
  .route('/', testcaseRoutes);
