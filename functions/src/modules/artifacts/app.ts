import { createGroupApp } from '@core/http/group';
import { libraryRoutes } from './routes/library';
import { repositoryRoutes } from './routes/repositories';
import { tokenRoutes } from './routes/tokens';

/**
 * The artifact library: repositories (`pmsProductLibraryRepositories`, static paths before
 * `{id}`), their contents (`pmsProductLibrary`), and the users' access tokens.
 */
export const artifactsApp = createGroupApp()
  .route('/', repositoryRoutes)
  .route('/', libraryRoutes)
  .route('/', tokenRoutes);
