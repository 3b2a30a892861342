import { createGroupApp } from '@core/http/group';
import { projectRepositoryRoutes } from './routes/project-repositories';
import { repositoryRoutes } from './routes/repositories';
import { webhookRoutes } from './routes/webhook';
import { itemCodeRoutes } from './routes/work-items';

/**
 * Code repositories: `/api/pms/{identifier}/pmsRepository/...`, `pmsProjectRepository/...`, the
 * webhook receiver, and a work item's `repoBranches` / `repoCommits`.
 */
export const repositoriesApp = createGroupApp()
  .route('/', webhookRoutes)
  .route('/', projectRepositoryRoutes)
  .route('/', itemCodeRoutes)
  .route('/', repositoryRoutes);
