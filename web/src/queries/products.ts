import type { Page } from '@shared/schemas/common';
import type {
  LookupEntry,
  ModuleBody,
  ModuleUpdateBody,
  Plan,
  PlanBody,
  PlanUpdateBody,
  Product,
  ProductBody,
  ProductModule,
  ProductModuleNode,
  ProductUpdateBody,
  RequirementTag,
  RequirementTagBody,
  RequirementTagUpdateBody,
} from '@shared/schemas/products';
import type { UserSummary } from '@shared/schemas/projects';
import type { Spec } from '@shared/schemas/requirements';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, LOOKUP, type PagedSearch, useRefreshingWrite, useWrite } from './factory';

import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * Products, their module trees, plans, requirement tags and lookups (docs/api-conventions.md,
 * "Products"). Type-only imports from the shared schemas: the route loaders that import this
 * module have no use for zod.
 *
 * Key layout: everything about one product sits under `productKeys.product(id)`, so one
 * invalidation refreshes a product's detail, members, modules and plans. Anything that moves a
 * product's counts (requirements, specs, plans) should invalidate `productKeys.detail(id)` and
 * `productKeys.lists()`; anything that moves specs in or out of plans, or completes them, should
 * invalidate `productKeys.plans(id)` (plan progress and the plan's spec table live there).
 */
const PRODUCT = '/api/pms/pmsProduct';
const MODULE = '/api/pms/pmsProductModule';
const PLAN = '/api/pms/pmsProductPlan';
const TAG = '/api/pms/pmsProductRequirementTag';

export interface ProductListParams extends PagedSearch {
  /** 1 active, 2 closed; absent: all. */
  status?: number;
  mine?: boolean;
}

export interface PlanListParams extends PagedSearch {
  /** Displayed status 1-5 (4 expired included); absent: all. */
  status?: number;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  /** Everything about one product: detail, members, modules, plans. */
  product: (id: string) => [...productKeys.all, 'product', id] as const,
  detail: (id: string) => [...productKeys.product(id), 'detail'] as const,
  users: (id: string) => [...productKeys.product(id), 'users'] as const,
  modules: (id: string) => [...productKeys.product(id), 'modules'] as const,
  moduleList: (id: string) => [...productKeys.modules(id), 'list'] as const,
  moduleTree: (id: string) => [...productKeys.modules(id), 'tree'] as const,
  /** Plan lists, plan details and the specs of each plan. */
  plans: (id: string) => [...productKeys.product(id), 'plans'] as const,
  planList: (id: string, params: PlanListParams) => [...productKeys.plans(id), 'list', params] as const,
  plan: (id: string, planId: string) => [...productKeys.plans(id), 'plan', planId] as const,
  planSpecs: (id: string, planId: string, pageNum: number) =>
    [...productKeys.plan(id, planId), 'specs', pageNum] as const,
  /** Enterprise-wide lookups (priorities, statuses, spec types, requirement tags). */
  lookups: () => [...productKeys.all, 'lookups'] as const,
  priorities: () => [...productKeys.lookups(), 'priorities'] as const,
  statuses: (type: 1 | 2) => [...productKeys.lookups(), 'statuses', type] as const,
  types: () => [...productKeys.lookups(), 'types'] as const,
  tags: () => [...productKeys.lookups(), 'tags'] as const,
};

// ---- products ---------------------------------------------------------------------------------

/** GET pmsProduct/list: one page, pinned first (latest pin first), then newest first. */
export const productListQueryOptions = (params: ProductListParams) =>
  getQuery<Page<Product>>(
    productKeys.list(params),
    `${PRODUCT}/list`,
    { ...params, mine: params.mine ? 'true' : undefined },
    KEEP_ROWS,
  );

/** GET pmsProduct/{id}. */
export const productQueryOptions = (id: string) =>
  getQuery<Product>(productKeys.detail(id), `${PRODUCT}/${id}`);

/** GET pmsProduct/userList?productId=: the product's members, for pickers (owners, reviewers). */
export const productUsersQueryOptions = (id: string) =>
  getQuery<UserSummary[]>(productKeys.users(id), `${PRODUCT}/userList`, { productId: id });

/** A product's numbers and owner show in the list and the header: both go stale together. */
function invalidateProduct(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.product(id) }),
    queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
  ]);
}

/** A write whose answer is a product: it becomes the product's detail, and the lists refresh. */
const STORE_PRODUCT = {
  store: (product: Product) => productKeys.detail(product.id),
  refresh: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
};

export function useCreateProduct() {
  return useWrite((body: ProductBody) => api.post<Product>(PRODUCT, body), STORE_PRODUCT);
}

/** PUT pmsProduct: edits, and closing or reopening (`status`); the body carries the version read. */
export function useUpdateProduct() {
  return useWrite((body: ProductUpdateBody) => api.put<Product>(PRODUCT, body), {
    store: (product) => productKeys.detail(product.id),
    refresh: (queryClient, product) => invalidateProduct(queryClient, product.id),
    // Someone else saved first: show their version (the client has said why it failed).
    onStale: (queryClient, body) => invalidateProduct(queryClient, body.id),
  });
}

/** PUT pmsProduct/operateTop/{key}: pins (or unpins) for the whole enterprise. */
export function useOperateTop() {
  return useWrite(
    ({ identifier, top }: { identifier: string; top: boolean }) =>
      api.put<Product>(`${PRODUCT}/operateTop/${encodeURIComponent(identifier)}`, { top }),
    STORE_PRODUCT,
  );
}

/** DELETE pmsProduct/{ids}: all or nothing. */
export function useDeleteProducts() {
  return useWrite(
    (ids: readonly string[]) => api.delete<null>(`${PRODUCT}/${ids.map(encodeURIComponent).join(',')}`),
    {
      refresh: (queryClient, _, ids) => {
        // Deleted products' own queries go (nothing shows them any more); projects lose the link.
        for (const id of ids) queryClient.removeQueries({ queryKey: productKeys.product(id) });
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
          queryClient.invalidateQueries({ queryKey: ['projects'] }),
        ]);
      },
    },
  );
}

// ---- modules ----------------------------------------------------------------------------------

/** GET pmsProductModule/list?productId=: flat, parents before children. */
export const moduleListQueryOptions = (productId: string) =>
  getQuery<ProductModule[]>(productKeys.moduleList(productId), `${MODULE}/list`, { productId });

/** GET pmsProductModule/treeList?productId=: the tree built from `id`/`root_id`. */
export const moduleTreeQueryOptions = (productId: string) =>
  getQuery<ProductModuleNode[]>(productKeys.moduleTree(productId), `${MODULE}/treeList`, { productId });

/**
 * Module names show on requirements and specs: after a rename or delete everything of the
 * product is refreshed, not only the tree.
 */
function refreshModules(productId: string) {
  return (queryClient: QueryClient) => invalidateProductData(queryClient, productId);
}

export function useCreateModule(productId: string) {
  return useWrite(
    (body: Omit<ModuleBody, 'productId'>) => api.post<ProductModule>(MODULE, { ...body, productId }),
    {
      refresh: refreshModules(productId),
    },
  );
}

/** PUT pmsProductModule: rename (`name`) and move (`root_id`, `sort`). */
export function useUpdateModule(productId: string) {
  return useRefreshingWrite(
    (body: ModuleUpdateBody) => api.put<ProductModule>(MODULE, body),
    refreshModules(productId),
  );
}

export function useDeleteModule(productId: string) {
  return useWrite((id: string) => api.delete<null>(`${MODULE}/${encodeURIComponent(id)}`), {
    refresh: refreshModules(productId),
  });
}

// ---- plans ------------------------------------------------------------------------------------

/** GET pmsProductPlan/list: a page of the product's plans, by end date (undated last). */
export const planListQueryOptions = (productId: string, params: PlanListParams) =>
  getQuery<Page<Plan>>(
    productKeys.planList(productId, params),
    `${PLAN}/list`,
    { productId, ...params },
    KEEP_ROWS,
  );

/** GET pmsProductPlan/{id}. */
export const planQueryOptions = (productId: string, planId: string) =>
  getQuery<Plan>(productKeys.plan(productId, planId), `${PLAN}/${encodeURIComponent(planId)}`);

/** Specs in a plan (GET productRequirementSpecs/list?productId&planId), a page at a time. */
export const planSpecsQueryOptions = (productId: string, planId: string, pageNum: number) =>
  getQuery<Page<Spec>>(
    productKeys.planSpecs(productId, planId, pageNum),
    '/api/pms/productRequirementSpecs/list',
    { productId, planId, pageNum, pageSize: DEFAULT_PAGE_SIZE },
    KEEP_ROWS,
  );

/** Plan titles show on specs and the plan count on the product: refresh the product's data. */
function refreshPlans(productId: string) {
  return (queryClient: QueryClient) =>
    Promise.all([
      invalidateProductData(queryClient, productId),
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    ]);
}

export function useCreatePlan(productId: string) {
  return useWrite((body: Omit<PlanBody, 'productId'>) => api.post<Plan>(PLAN, { ...body, productId }), {
    refresh: refreshPlans(productId),
  });
}

export function useUpdatePlan(productId: string) {
  return useRefreshingWrite((body: PlanUpdateBody) => api.put<Plan>(PLAN, body), refreshPlans(productId));
}

export function useDeletePlan(productId: string) {
  return useWrite((planId: string) => api.delete<null>(`${PLAN}/${encodeURIComponent(planId)}`), {
    // The deleted plan's own queries stay untouched: its page may still be mounted while it goes,
    // and refetching them would meet a 404 (which sends the user to /404). The caller removes them.
    refresh: (queryClient, _, planId) => {
      const own = productKeys.plan(productId, planId);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: productKeys.product(productId),
          predicate: (query) => !own.every((part, index) => query.queryKey[index] === part),
        }),
        queryClient.invalidateQueries({ predicate: (query) => isRequirementQuery(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      ]);
    },
  });
}

// ---- lookups ----------------------------------------------------------------------------------

/** GET pmsProductPriority/list: `{ id, value, label, color }[]`. */
export const productPrioritiesQueryOptions = () =>
  getQuery<{ id: number; value: string; label: string; color: string }[]>(
    productKeys.priorities(),
    '/api/pms/pmsProductPriority/list',
    undefined,
    LOOKUP,
  );

/** GET pmsProductStatus/list?type=: 1 plan statuses, 2 the product view's demand statuses. */
export const productStatusesQueryOptions = (type: 1 | 2) =>
  getQuery<LookupEntry[]>(productKeys.statuses(type), '/api/pms/pmsProductStatus/list', { type }, LOOKUP);

/** GET typeList: requirement spec types. */
export const specTypesQueryOptions = () =>
  getQuery<LookupEntry[]>(productKeys.types(), '/api/pms/typeList', undefined, LOOKUP);

/** GET pmsProductRequirementTag/list: the enterprise's requirement tags. */
export const requirementTagsQueryOptions = () =>
  getQuery<RequirementTag[]>(productKeys.tags(), `${TAG}/list`);

/** Tags show on every requirement and spec that carries them: a change refreshes all products. */
const REFRESH_TAGGED = { refresh: (queryClient: QueryClient) => invalidateAllProductData(queryClient) };

export function useCreateRequirementTag() {
  return useWrite((body: RequirementTagBody) => api.post<RequirementTag>(TAG, body), REFRESH_TAGGED);
}

export function useUpdateRequirementTag() {
  return useRefreshingWrite(
    ({ id, body }: { id: string; body: RequirementTagUpdateBody }) =>
      api.put<RequirementTag>(`${TAG}/${encodeURIComponent(id)}`, body),
    REFRESH_TAGGED.refresh,
  );
}

export function useDeleteRequirementTag() {
  return useWrite((id: string) => api.delete<null>(`${TAG}/${encodeURIComponent(id)}`), REFRESH_TAGGED);
}

// ---- shared invalidation ----------------------------------------------------------------------

/**
 * The requirement queries' key root (web/src/queries/requirements.ts, `requirementKeys.all`).
 * Module, plan and tag changes rename what their rows show, so they go stale too. Matched by
 * name rather than imported: that module already refreshes this one's keys, and the two stay
 * independent.
 */
const REQUIREMENT_ROOT = 'requirements';

const isRequirementQuery = (key: readonly unknown[]) => key[0] === REQUIREMENT_ROOT;

/** Everything of one product: its detail, modules, plans and the requirement and spec queries. */
export function invalidateProductData(queryClient: QueryClient, productId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.product(productId) }),
    queryClient.invalidateQueries({ predicate: (query) => isRequirementQuery(query.queryKey) }),
  ]);
}

function invalidateAllProductData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ predicate: (query) => isRequirementQuery(query.queryKey) }),
  ]);
}
