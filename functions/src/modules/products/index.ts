/**
 * The products module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Products and their members, for requirements (which live in a product's partition).
export {
  assertMayReview,
  assertProductMember,
  productNotFound,
  requireProduct,
  splitProductScopedId,
} from './access';
export { getPlanView, planNotFound, requirePlan } from './plans';
export { listModules, moduleAndDescendantIds } from './product-modules';
export { removeFromAllProducts } from './products';
export { listRequirementTags } from './requirement-tags';
export { listPlans, type PlanRecord } from './store/plans';
export { listModuleRecords, type ModuleRecord } from './store/product-modules';
export {
  deleteProductPartition,
  getProduct,
  getProductCounters,
  getProductCountersOf,
  getProducts,
  listProducts,
  type ProductRecord,
  productCountersOp,
  productExistsOp,
} from './store/products';
