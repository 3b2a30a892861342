import { createGroupApp } from '@core/http/group';
import { productJournalRoutes } from './routes/comments';
import { productDemandRoutes } from './routes/demands';
import { requirementSpecRoutes } from './routes/specs';
import { requirementTrackingRoutes } from './routes/tracking';
import { userRequirementRoutes } from './routes/user-requirements';

/**
 * Requirements: user requirements, requirement specs with their review-and-change workflow,
 * tracking records, pushing specs into projects (`pmsProductRequirement`) and comments on product
 * items (`pmsJournals`). Within each router static paths (`list`, `review`, `batch`) come before `{id}`.
 */
export const requirementsApp = createGroupApp()
  .route('/', userRequirementRoutes)
  .route('/', requirementSpecRoutes)
  .route('/', requirementTrackingRoutes)
  .route('/', productDemandRoutes)
  .route('/', productJournalRoutes);
