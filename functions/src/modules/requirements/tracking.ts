/**
 * Tracking records: what every create, edit, change, review and move of a user requirement or
 * spec writes, in the same transaction as the change. A record lists only the fields that really
 * changed, each with readable values (status names, module names, tag names, nicknames, priority
 * labels) as they were at the time; descriptions keep their full text before and after, so a
 * change can be reviewed against what it replaced.
 */

import { summaryOf } from '@core/identity/people';
import { newJournalId } from '@core/ids';
import { PRIORITIES } from '@shared/domain/priorities';
import type { RequirementKind } from '@shared/domain/requirement-workflow';
import type { FieldChange } from '@shared/schemas/requirements';
import type { SpecBody, SpecRecord } from './store/specs';
import type { TrackAction, TrackRecord } from './store/tracking';
import type { UserRequirementRecord } from './store/user-requirements';
import { type LookupNeeds, loadLookups, type ProductLookups, sourceName, specTypeName } from './views';

/** A user requirement with its description: everything a change may touch. */
export type UserRequirementState = UserRequirementRecord & { description: string };
/** A spec with its description and acceptance criteria. */
export type SpecState = SpecRecord & SpecBody;

type Raw = string | number | null | readonly string[];

/** One field a record may list: its raw value (to compare) and its readable one (to show). */
export interface TrackedField<T> {
  field: string;
  label: string;
  raw: (item: T) => Raw;
  show: (item: T, lookups: ProductLookups) => string | null;
  /** What `show` needs loaded. */
  needs?: 'modules' | 'tags' | 'plans' | 'users';
}

const orNull = (text: string) => (text === '' ? null : text);
const priorityLabel = (id: number) => PRIORITIES.find((p) => p.id === id)?.label ?? String(id);
const moduleName = (id: string | null, lookups: ProductLookups) =>
  id ? (lookups.modules.get(id)?.name ?? 'Deleted module') : null;
/** Deleted tags are left out, as everywhere tags are shown. */
const tagNames = (ids: readonly string[], lookups: ProductLookups) =>
  orNull(ids.flatMap((id) => lookups.tags.get(id)?.name ?? []).join(', '));

/** A field a record lists by its own value (`raw` is the item's `field`). */
function tracked<T, F extends keyof T & string>(
  field: F,
  label: string,
  show: TrackedField<T>['show'],
  needs?: TrackedField<T>['needs'],
): TrackedField<T> {
  return { field, label, raw: (x) => x[field] as Raw, show, ...(needs ? { needs } : {}) };
}

/** The fields both kinds have. */
function sharedFields<T extends UserRequirementState | SpecState>() {
  return {
    title: tracked<T, 'title'>('title', 'Title', (x) => x.title),
    priority: tracked<T, 'priority'>('priority', 'Priority', (x) => priorityLabel(x.priority)),
    moduleId: tracked<T, 'moduleId'>('moduleId', 'Module', (x, l) => moduleName(x.moduleId, l), 'modules'),
    tagIds: tracked<T, 'tagIds'>('tagIds', 'Tags', (x, l) => tagNames(x.tagIds, l), 'tags'),
    description: tracked<T, 'description'>('description', 'Description', (x) => orNull(x.description)),
  };
}

const ur = sharedFields<UserRequirementState>();
/** The fields of a user requirement, in the order records list them. */
export const USER_REQUIREMENT_FIELDS: readonly TrackedField<UserRequirementState>[] = [
  ur.title,
  tracked('source', 'Source', (x) => sourceName(x.source)),
  ur.priority,
  ur.moduleId,
  ur.tagIds,
  ur.description,
];

const spec = sharedFields<SpecState>();
/** The fields of a spec, in the order records list them. */
export const SPEC_FIELDS: readonly TrackedField<SpecState>[] = [
  spec.title,
  tracked('type', 'Type', (x) => specTypeName(x.type)),
  spec.priority,
  spec.moduleId,
  spec.tagIds,
  tracked('ownerId', 'Owner', (x, l) => (x.ownerId ? summaryOf(l.users, x.ownerId).nickname : null), 'users'),
  tracked('estimatedHours', 'Estimated hours', (x) =>
    x.estimatedHours === null ? null : String(x.estimatedHours),
  ),
  tracked(
    'planId',
    'Plan',
    (x, l) => (x.planId ? (l.plans.get(x.planId)?.title ?? 'Deleted plan') : null),
    'plans',
  ),
  spec.description,
  tracked('acceptance', 'Acceptance criteria', (x) => orNull(x.acceptance)),
];

function sameRaw(a: Raw, b: Raw): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v) => b.includes(v));
  return a === b;
}

/** The fields whose raw value differs between `before` and `after`. */
export function changedFields<T>(fields: readonly TrackedField<T>[], before: T, after: T): TrackedField<T>[] {
  return fields.filter((f) => !sameRaw(f.raw(before), f.raw(after)));
}

/**
 * The readable changes of each pair, loading only what the changed fields need (once for all
 * pairs: a batch of specs reads modules, tags and plans one time).
 */
export async function describeChanges<T>(
  enterpriseId: string,
  productId: string,
  fields: readonly TrackedField<T>[],
  pairs: readonly { before: T; after: T }[],
): Promise<FieldChange[][]> {
  const changed = pairs.map((p) => changedFields(fields, p.before, p.after));
  const needed = new Set(changed.flat().flatMap((f) => (f.needs ? [f.needs] : [])));
  const userIds = pairs.flatMap((pair, i) =>
    changed[i]!.flatMap((f) => (f.needs === 'users' ? [f.raw(pair.before), f.raw(pair.after)] : [])),
  );
  const needs: LookupNeeds = {
    modules: needed.has('modules'),
    tags: needed.has('tags'),
    plans: needed.has('plans'),
    userIds: userIds.filter((id): id is string => typeof id === 'string'),
  };
  const lookups = await loadLookups(enterpriseId, productId, needs);
  return pairs.map((pair, i) =>
    changed[i]!.map((f) => ({
      field: f.field,
      label: f.label,
      before: f.show(pair.before, lookups),
      after: f.show(pair.after, lookups),
    })),
  );
}

export interface Move {
  action: TrackAction;
  userId: string;
  at: string;
  fromStatus: number | null;
  toStatus: number;
  /** A change's reason, a reviewer's comment, a note on the move. */
  comment?: string;
  fields?: FieldChange[];
}

/**
 * A new tracking record of `item` (a requirement or spec). Record ids sort by time and strictly
 * increase within the process, so records written in one transaction keep their order.
 */
export function trackRecordOf(
  kind: RequirementKind,
  item: Pick<UserRequirementRecord, 'enterpriseId' | 'productId'> & { localId: string },
  move: Move,
): TrackRecord {
  return {
    enterpriseId: item.enterpriseId,
    productId: item.productId,
    kind,
    objectId: item.localId,
    recordId: newJournalId(),
    action: move.action,
    userId: move.userId,
    at: move.at,
    comment: move.comment ?? '',
    fromStatus: move.fromStatus,
    toStatus: move.toStatus,
    fields: move.fields ?? [],
  };
}

/** The first tracking record of a new requirement or spec: `userId` created it, in its first status. */
export function creationRecordOf(
  kind: RequirementKind,
  item: Pick<UserRequirementRecord, 'enterpriseId' | 'productId' | 'createdAt' | 'status'> & {
    localId: string;
  },
  userId: string,
): TrackRecord {
  return trackRecordOf(kind, item, {
    action: 'create',
    userId,
    at: item.createdAt,
    fromStatus: null,
    toStatus: item.status,
  });
}
