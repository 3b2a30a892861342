import { createGroupApp } from '../core/http/group';
import { projectMemberRoutes } from '../routes/project-members';
import { projectNoticeRoutes } from '../routes/project-notice';
import { projectStatisticsRoutes } from '../routes/project-statistics';
import { projectRoutes } from '../routes/projects';

/**
 * Projects: `/api/pms/{identifier}/pmsProject` and below (members, notice, statistics). The
 * notice router comes first: its static paths (`editNotice`) would otherwise be taken for a
 * project id by `PUT {id}`. Routers whose paths all have a fixed segment after `{id}` (members,
 * statistics) can go anywhere.
 */
export const projectsApp = createGroupApp()
  .route('/', projectNoticeRoutes)
  .route('/', projectRoutes)
  .route('/', projectMemberRoutes)
  .route('/', projectStatisticsRoutes);
