import { createGroupApp } from '@core/http/group';
import { productLookupRoutes } from './routes/lookups';
import { productPlanRoutes } from './routes/plans';
import { productModuleRoutes } from './routes/product-modules';
import { productRoutes } from './routes/products';

/**
 * Products: the product itself (`pmsProduct`), its module tree (`pmsProductModule`), plans
 * (`pmsProductPlan`) and the lookups (priorities, statuses, spec types, requirement tags).
 * Within each router static paths (`list`, `treeList`, `operateTop`) come before `{id}`.
 */
export const productsApp = createGroupApp()
  .route('/', productLookupRoutes)
  .route('/', productModuleRoutes)
  .route('/', productPlanRoutes)
  .route('/', productRoutes);
