import { createGroupApp } from '@core/http/group';
import { productRoutes } from './routes/products';
import { todoRoutes } from './routes/todos';
import { workRoutes } from './routes/work';

/**
 * The work desk: the dashboard calls right under `/api/pms/{identifier}/` (myProjectIssues,
 * myProjects, statistics, todo, myProduct, ...) and the member's own todos.
 */
export const dashboardApp = createGroupApp()
  .route('/', workRoutes)
  .route('/', todoRoutes)
  .route('/', productRoutes);
