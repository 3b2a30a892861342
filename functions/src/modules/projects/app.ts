import { createGroupApp } from '@core/http/group';
import { projectMemberRoutes } from './routes/members';
import { projectNoticeRoutes } from './routes/notice';
import { projectRoutes } from './routes/projects';
import { projectStatisticsRoutes } from './routes/statistics';

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
