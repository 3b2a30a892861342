import type { Page } from '@shared/schemas/common';
import type { LookupEntry, Plan } from '@shared/schemas/products';
import type {
  ActivePlanBody,
  ChangeRecord,
  LinkDemandBody,
  ProductJournal,
  PushSpecBody,
  ReviewBody,
  Spec,
  SpecBatchBody,
  SpecBody,
  SpecChangeBody,
  SpecDemand,
  SpecDetail,
  SpecTestcase,
  SpecUpdateBody,
  UserRequirement,
  UserRequirementBody,
  UserRequirementDetail,
  UserRequirementUpdateBody,
} from '@shared/schemas/requirements';
import { infiniteQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, LOOKUP, useRefreshingWrite, useWrite } from './factory';
import { issueKeys } from './issues';
import { productKeys } from './products';
import { nextPageOf } from './projects';
import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * User requirements, requirement specs, their tracking, pushing specs into projects and comments
 * on product items (docs/api-conventions.md, "User requirements and requirement specs"). Type-only
 * imports from the shared schemas: the list routes' loaders that import this module have no use
 * for zod.
 */
const UR = '/api/pms/productUserRequirement';
const SR = '/api/pms/productRequirementSpecs';
const TRACKING = '/api/pms/productRequirementTracking';
const PUSH = '/api/pms/pmsProductRequirement';
const JOURNALS = '/api/pms/pmsJournals';

/** The user-requirement list's filters, as the list call takes them (arrays become `a,b`). */
export interface UserRequirementListParams {
  productId: string;
  keyword?: string;
  status?: number[];
  priority?: number[];
  /** A module and everything under it. */
  moduleId?: string;
  tagId?: string;
  source?: number;
  pageNum: number;
  pageSize?: number;
}

export interface SpecListParams {
  productId: string;
  keyword?: string;
  status?: number[];
  priority?: number[];
  type?: number[];
  moduleId?: string;
  planId?: string;
  ownerId?: string;
  userRequirementId?: string;
  tagId?: string;
  pageNum: number;
  pageSize?: number;
}

export const requirementKeys = {
  all: ['requirements'] as const,
  /** Every list of one product (requirements and specs). */
  product: (productId: string) => [...requirementKeys.all, 'product', productId] as const,
  userRequirementList: (params: UserRequirementListParams) =>
    [...requirementKeys.product(params.productId), 'userRequirements', params] as const,
  specList: (params: SpecListParams) =>
    [...requirementKeys.product(params.productId), 'specs', params] as const,
  /** Everything about one item (detail, records, trace links) sits under its detail key. */
  userRequirements: () => [...requirementKeys.all, 'userRequirement'] as const,
  userRequirement: (id: string) => [...requirementKeys.userRequirements(), id] as const,
  userRequirementRecords: (id: string) => [...requirementKeys.userRequirement(id), 'records'] as const,
  specs: () => [...requirementKeys.all, 'spec'] as const,
  spec: (id: string) => [...requirementKeys.specs(), id] as const,
  specRecords: (id: string) => [...requirementKeys.spec(id), 'records'] as const,
  specProjects: (id: string) => [...requirementKeys.spec(id), 'projects'] as const,
  specPlan: (id: string) => [...requirementKeys.spec(id), 'plan'] as const,
  specTestcases: (id: string) => [...requirementKeys.spec(id), 'testcases'] as const,
  statusList: (kind: 'userRequirement' | 'spec') => [...requirementKeys.all, 'statusList', kind] as const,
  journals: (objectId: string) => [...requirementKeys.all, 'journals', objectId] as const,
};

const csv = (values: readonly (string | number)[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

/** The filters both lists of a product (requirements and specs) share, as their list calls take them. */
function productListQuery(params: UserRequirementListParams | SpecListParams) {
  return {
    productId: params.productId,
    keyword: params.keyword,
    status: csv(params.status),
    priority: csv(params.priority),
    moduleId: params.moduleId,
    tagId: params.tagId,
    pageNum: params.pageNum,
    pageSize: params.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

// ---- user requirements ------------------------------------------------------------------------

/** GET productUserRequirement/list: one page, newest first. */
export const userRequirementListQueryOptions = (params: UserRequirementListParams) =>
  getQuery<Page<UserRequirement>>(
    requirementKeys.userRequirementList(params),
    `${UR}/list`,
    { ...productListQuery(params), source: params.source },
    KEEP_ROWS,
  );

/** GET productUserRequirement/statusList. */
export const userRequirementStatusListQueryOptions = () =>
  getQuery<LookupEntry[]>(
    requirementKeys.statusList('userRequirement'),
    `${UR}/statusList`,
    undefined,
    LOOKUP,
  );

/** GET productUserRequirement/{id}: with its description and the specs refined from it. */
export const userRequirementQueryOptions = (id: string) =>
  getQuery<UserRequirementDetail>(requirementKeys.userRequirement(id), `${UR}/${id}`);

/** GET productRequirementTracking/{id}/userReqChangeRecord: oldest first. */
export const userRequirementRecordsQueryOptions = (id: string) =>
  changeRecordsQueryOptions('userRequirement', id);

// ---- specs ------------------------------------------------------------------------------------

/** GET productRequirementSpecs/list: one page, newest first. */
export const specListQueryOptions = (params: SpecListParams) =>
  getQuery<Page<Spec>>(
    requirementKeys.specList(params),
    `${SR}/list`,
    {
      ...productListQuery(params),
      type: csv(params.type),
      planId: params.planId,
      ownerId: params.ownerId,
      userRequirementId: params.userRequirementId,
    },
    KEEP_ROWS,
  );

/** GET productRequirementSpecs/statusList. */
export const specStatusListQueryOptions = () =>
  getQuery<LookupEntry[]>(requirementKeys.statusList('spec'), `${SR}/statusList`, undefined, LOOKUP);

/** GET productRequirementSpecs/{id}: with description, acceptance and the requirement it refines. */
export const specQueryOptions = (id: string) => getQuery<SpecDetail>(requirementKeys.spec(id), `${SR}/${id}`);

/** GET productRequirementSpecs/{id}/projectList: the project demands that carry it. */
export const specProjectsQueryOptions = (id: string) =>
  getQuery<SpecDemand[]>(requirementKeys.specProjects(id), `${SR}/${id}/projectList`);

/** GET productRequirementTracking/{id}/reqSpecsChangeRecord: oldest first. */
export const specRecordsQueryOptions = (id: string) => changeRecordsQueryOptions('spec', id);

/** GET productRequirementTracking/{id}/associatedPlan: its plan, or null. */
export const specPlanQueryOptions = (id: string) =>
  getQuery<Plan | null>(requirementKeys.specPlan(id), `${TRACKING}/${id}/associatedPlan`);

/** GET productRequirementTracking/{id}/associatedTestcase. */
export const specTestcasesQueryOptions = (id: string) =>
  getQuery<SpecTestcase[]>(requirementKeys.specTestcases(id), `${TRACKING}/${id}/associatedTestcase`);

/** The tracking records of either kind, oldest first. */
export const changeRecordsQueryOptions = (kind: 'userRequirement' | 'spec', id: string) =>
  getQuery<ChangeRecord[]>(
    kind === 'spec' ? requirementKeys.specRecords(id) : requirementKeys.userRequirementRecords(id),
    `${TRACKING}/${id}/${kind === 'spec' ? 'reqSpecsChangeRecord' : 'userReqChangeRecord'}`,
    undefined,
  );

// ---- journals ---------------------------------------------------------------------------------

const JOURNAL_PAGE_SIZE = 20;

/** GET pmsJournals/list?objectId=: the comments on a requirement, spec or plan, oldest first. */
export const productJournalsInfiniteOptions = (objectId: string) =>
  infiniteQueryOptions({
    queryKey: requirementKeys.journals(objectId),
    queryFn: ({ signal, pageParam }) =>
      api.get<Page<ProductJournal>>(
        `${JOURNALS}/list`,
        { objectId, pageNum: pageParam, pageSize: JOURNAL_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

// ---- invalidation -----------------------------------------------------------------------------

/**
 * What any requirement or spec change makes out of date: the product's lists (a spec moves the
 * spec count of its requirement, a review its status), every open detail (a requirement lists its
 * specs' statuses, a spec its requirement's), the product's counts, and its plans (progress and
 * the specs in each plan).
 */
function invalidateRequirements(queryClient: QueryClient, productId: string, except?: readonly unknown[]) {
  const exceptKey = except ? JSON.stringify(except) : null;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requirementKeys.product(productId) }),
    queryClient.invalidateQueries({
      predicate: (query) => {
        const [root, kind, id] = query.queryKey;
        if (root !== 'requirements' || (kind !== 'userRequirement' && kind !== 'spec')) return false;
        // The changed item's own detail was just written from the answer; its records still refresh.
        return (
          exceptKey === null || query.queryKey.length > 3 || JSON.stringify([root, kind, id]) !== exceptKey
        );
      },
    }),
    invalidateProductCounts(queryClient, productId),
  ]);
}

/** The product's counts (its header and the product list) and its plans. */
function invalidateProductCounts(queryClient: QueryClient, productId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
    queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: productKeys.plans(productId) }),
  ]);
}

/**
 * A write whose answer is one requirement or spec: it becomes that item's detail, and everything
 * the item shows in refreshes. A write naming a version (`staleItem` gives its item) that is refused
 * because someone else saved first refetches the item to show their version.
 */
function useItemWrite<Body, Saved extends { id: string }>(
  productId: string,
  detailKey: (id: string) => readonly unknown[],
  mutationFn: (body: Body) => Promise<Saved>,
  staleItem?: (body: Body) => string,
) {
  return useWrite(mutationFn, {
    store: (saved) => detailKey(saved.id),
    refresh: (queryClient, saved) => invalidateRequirements(queryClient, productId, detailKey(saved.id)),
    onStale:
      staleItem &&
      ((queryClient, body) => queryClient.invalidateQueries({ queryKey: detailKey(staleItem(body)) })),
  });
}

const itsId = (body: { id: string }) => body.id;

/**
 * A PUT to `url` that edits one existing requirement or spec (an edit, a review, a change): the
 * body names the item, so a refusal as stale refetches that item.
 */
function useItemEdit<Body extends { id: string }, Saved extends { id: string }>(
  productId: string,
  detailKey: (id: string) => readonly unknown[],
  url: string,
) {
  return useItemWrite(productId, detailKey, (body: Body) => api.put<Saved>(url, body), itsId);
}

// ---- user requirement mutations ---------------------------------------------------------------

export function useCreateUserRequirement(productId: string) {
  return useItemWrite(productId, requirementKeys.userRequirement, (body: UserRequirementBody) =>
    api.post<UserRequirementDetail>(UR, body),
  );
}

/** An edit, a change (with `reason`), or close (`status: 4`) / reopen (`status: 1`). */
export function useUpdateUserRequirement(productId: string) {
  return useItemEdit<UserRequirementUpdateBody, UserRequirementDetail>(
    productId,
    requirementKeys.userRequirement,
    UR,
  );
}

export function useReviewUserRequirement(productId: string) {
  return useItemEdit<ReviewBody, UserRequirementDetail>(
    productId,
    requirementKeys.userRequirement,
    `${UR}/review`,
  );
}

/**
 * Deleting a user requirement or a spec. The deleted item's own queries stay untouched: the page
 * showing it is still mounted while it leaves, and refetching would meet a 404 (which sends the
 * user to /404). The product's lists and counts refresh, and `alsoRefresh`.
 */
function useDeleteItem(
  productId: string,
  base: string,
  itemKey: (id: string) => QueryKey,
  alsoRefresh: QueryKey[] = [],
) {
  return useWrite((id: string) => api.delete<null>(`${base}/${id}`), {
    refresh: (queryClient, _, id) => {
      void queryClient.cancelQueries({ queryKey: itemKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: requirementKeys.product(productId) }),
        ...alsoRefresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        invalidateProductCounts(queryClient, productId),
      ]);
    },
  });
}

export function useDeleteUserRequirement(productId: string) {
  return useDeleteItem(productId, UR, requirementKeys.userRequirement);
}

// ---- spec mutations ---------------------------------------------------------------------------

export function useCreateSpec(productId: string) {
  return useItemWrite(productId, requirementKeys.spec, (body: SpecBody) => api.post<SpecDetail>(SR, body));
}

/** An edit while pending review or rejected, or reopening a completed spec (`status: 2`). */
export function useUpdateSpec(productId: string) {
  return useItemEdit<SpecUpdateBody, SpecDetail>(productId, requirementKeys.spec, SR);
}

/** The change action of a reviewed spec: a reason, the changed fields; back to review. */
export function useChangeSpec(productId: string) {
  return useItemEdit<SpecChangeBody, SpecDetail>(productId, requirementKeys.spec, `${SR}/change`);
}

export function useReviewSpec(productId: string) {
  return useItemEdit<ReviewBody, SpecDetail>(productId, requirementKeys.spec, `${SR}/review`);
}

/** Priority, module, owner, tags or completion of up to 40 specs, all or nothing. */
export function useBatchSpecs(productId: string) {
  return useWrite((body: SpecBatchBody) => api.put<{ updated: number }>(`${SR}/batch`, body), {
    refresh: (queryClient) => invalidateRequirements(queryClient, productId),
  });
}

/** Into a plan (`planId`), or out of their plan (`planId: null`). */
export function useActivePlan(productId: string) {
  return useWrite((body: ActivePlanBody) => api.put<{ updated: number }>(`${SR}/activePlan`, body), {
    refresh: (queryClient) => invalidateRequirements(queryClient, productId),
  });
}

export function useDeleteSpec(productId: string) {
  // Its requirement's detail lists it; other requirements' details are unaffected but cheap to refresh.
  return useDeleteItem(productId, SR, requirementKeys.spec, [requirementKeys.userRequirements()]);
}

// ---- specs in projects ------------------------------------------------------------------------

/** Push a spec into a project as a new demand that carries it. */
export function usePushSpec(productId: string) {
  return useWrite((body: PushSpecBody) => api.post<SpecDemand>(PUSH, body), {
    refresh: (queryClient, _, body) =>
      Promise.all([
        invalidateRequirements(queryClient, productId),
        queryClient.invalidateQueries({ queryKey: issueKeys.project(body.pmsProjectId) }),
      ]),
  });
}

/** Link an existing demand to a spec, or unlink it (`specId: null`). */
export function useLinkDemand(productId: string) {
  return useWrite((body: LinkDemandBody) => api.put<SpecDemand | null>(PUSH, body), {
    refresh: (queryClient, _, body) =>
      Promise.all([
        invalidateRequirements(queryClient, productId),
        queryClient.invalidateQueries({ queryKey: issueKeys.detail(body.issueId) }),
      ]),
  });
}

// ---- journal mutations ------------------------------------------------------------------------

/** Comments: add (no id), edit (id and version) or delete (id, `remove`). */
export function useSaveProductJournal(objectId: string) {
  return useRefreshingWrite(
    (change: { journalId?: string; notes?: string; version?: number; remove?: boolean }) => {
      if (change.remove && change.journalId) return api.delete<null>(`${JOURNALS}/${change.journalId}`);
      if (change.journalId)
        return api.put<ProductJournal>(JOURNALS, {
          id: change.journalId,
          notes: change.notes,
          version: change.version,
        });
      return api.post<ProductJournal>(JOURNALS, { objectId, notes: change.notes });
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: requirementKeys.journals(objectId) }),
  );
}
