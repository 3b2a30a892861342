import { createGroupApp } from '../http/group';
import { issueTagRoutes } from '../routes/issue-tags';
import { issueRoutes } from '../routes/issues';
import { journalRoutes } from '../routes/journals';

/**
 * Work items: `/api/pms/{identifier}/pmsProjectIssues/...` (items, tags, links, journals). Tags
 * and journals are mounted first: `GET {id}` of the items would also match `enterpriseIssueTags`.
 */
export const issuesApp = createGroupApp()
  .route('/', issueTagRoutes)
  .route('/', journalRoutes)
  .route('/', issueRoutes);
