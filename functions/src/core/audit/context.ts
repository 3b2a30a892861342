/**
 * The audit scope of the request being served: who is asking, from where, through which route,
 * and what the request has read so far. The HTTP layer opens it (core/http/audit-scope.ts) and
 * every write helper of core/db finds it here, so an entry is written with each change without
 * any store or service passing it along. Background work runs outside any scope (runUnaudited).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Item } from '../db/expressions';
import type { Key } from '../db/keys';

export interface AuditScope {
  readonly requestId: string;
  /** `PUT /api/pms/{identifier}/pmsProject/{id}`: the method and the path as the OpenAPI document names it. */
  readonly route: string;
  /** The endpoint group that serves the route (functions/src/manifest.ts). */
  readonly area: string;
  readonly sourceAddress: string | null;
  /** The signed-in caller, asked at write time (the session is resolved after the scope opens). */
  actorId(): string | null;
  /** How many days the enterprise keeps its entries. */
  retentionDays(enterpriseId: string): Promise<number>;
  /**
   * The items this request read by key (null: read and found absent), the "before" of what it
   * writes; kept for state-changing methods only (null otherwise).
   */
  readonly seen: Map<string, Item | null> | null;
}

/** A request that reads more than this many items asks for the rest of its "before" when it writes. */
const MAX_SEEN_ITEMS = 5_000;

const storage = new AsyncLocalStorage<AuditScope>();

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

export function runAudited<T>(scope: AuditScope, work: () => T): T {
  return storage.run(scope, work);
}

/** Runs `work` outside any request's scope: queued jobs are not the request that queued them. */
export function runUnaudited<T>(work: () => T): T {
  return storage.exit(work);
}

export const keyString = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** Remembers items a consistent read returned, as the "before" of a later write of this request. */
export function rememberRead(items: readonly Item[]): void {
  const seen = storage.getStore()?.seen;
  if (!seen) return;
  for (const item of items) {
    if (seen.size >= MAX_SEEN_ITEMS) return;
    seen.set(keyString({ pk: item.pk as string, sk: item.sk as string }), item);
  }
}

/** Remembers that a key held no item when it was read. */
export function rememberAbsent(key: Key): void {
  const seen = storage.getStore()?.seen;
  if (seen && seen.size < MAX_SEEN_ITEMS) seen.set(keyString(key), null);
}
