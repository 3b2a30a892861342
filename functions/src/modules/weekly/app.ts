import { createGroupApp } from '@core/http/group';
import { reportRoutes } from './routes/reports';
import { templateRoutes } from './routes/templates';
import { weekRoutes } from './routes/views';

/**
 * Weekly reports (`pmsProjectWeeklyReport`): the views of a week and the templates, whose static
 * paths (`personal`, `templates`, ...) would otherwise match `{id}`, then the reports.
 */
export const weeklyApp = createGroupApp()
  .route('/', weekRoutes)
  .route('/', templateRoutes)
  .route('/', reportRoutes);
