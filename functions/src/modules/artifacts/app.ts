import { createGroupApp } from '@core/http/group';
import { clientRoutes } from './routes/clients';
import { libraryRoutes } from './routes/library';
import { promotionRoutes } from './routes/promotion';
import { repositoryRoutes } from './routes/repositories';
import { retentionRoutes } from './routes/retention';
import { snapshotRoutes } from './routes/snapshots';
import { tokenRoutes } from './routes/tokens';

/**
 * The artifact library: repositories (`pmsProductLibraryRepositories`, static paths before
 * `{id}`), their contents (`pmsProductLibrary`), the users' access tokens, and the package
 * clients' protocols (`/api/artifacts/{identifier}/{repo}/...`).
 */
export const artifactsApp = createGroupApp()
  .route('/', repositoryRoutes)
  .route('/', libraryRoutes)
  .route('/', promotionRoutes)
  .route('/', retentionRoutes)
  .route('/', snapshotRoutes)
  .route('/', tokenRoutes)
  .route('/', clientRoutes);
