import { createGroupApp } from '@core/http/group';
import { caseLinkRoutes } from './routes/case-links';
import { journalRoutes } from './routes/journals';
import { issueTagRoutes } from './routes/tags';
import { issueRoutes } from './routes/work-items';

/**
 * Work items: `/api/pms/{identifier}/pmsProjectIssues/...` (items, tags, links, journals, and `linkTestcase` to test cases). Tags
 * and journals are mounted first: `GET {id}` of the items would also match `enterpriseIssueTags`.
 */
export const issuesApp = createGroupApp()
  .route('/', issueTagRoutes)
  .route('/', journalRoutes)
  .route('/', caseLinkRoutes)
  .route('/', issueRoutes);
