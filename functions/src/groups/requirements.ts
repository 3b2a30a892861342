import { createGroupApp } from '../core/http/group';
import { productDemandRoutes } from '../routes/product-demands';
import { productJournalRoutes } from '../routes/product-journals';
import { requirementSpecRoutes } from '../routes/requirement-specs';
import { requirementTrackingRoutes } from '../routes/requirement-tracking';
import { userRequirementRoutes } from '../routes/user-requirements';

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
