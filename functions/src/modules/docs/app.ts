import { createGroupApp } from '@core/http/group';
import { fileRoutes } from './routes/files';
import { libraryRoutes } from './routes/library';
import { trashSearchRoutes } from './routes/trash-search';
import { wikiRoutes } from './routes/wiki';

/**
 * The knowledge base: libraries (`docs`, `folders`), wiki pages (`wikiPages`, `deleteWiki`),
 * files (`docs/files` and the download address) and the trash and search. The routers whose
 * static `docs/...` paths would otherwise match `docs/{id}` come first.
 */
export const docsApp = createGroupApp()
  .route('/', fileRoutes)
  .route('/', trashSearchRoutes)
  .route('/', libraryRoutes)
  .route('/', wikiRoutes);
