import { createGroupApp } from '../http/group';

/** Work items: `/api/pms/{identifier}/pmsProjectIssues/...` (items, tags, links, journals). */
export const issuesApp = createGroupApp();
