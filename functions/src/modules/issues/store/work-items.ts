/**
 * Work items (demands, tasks, bugs) of a project, their descriptions and links.
 *
 * - `ISSUE#{id}` in the project partition holds the list fields (what a list row shows);
 *   `BODY#{id}` holds the description, so loading a project's rows never reads descriptions.
 * - `LINK#{a}#{b}` and `LINK#{b}#{a}`: every link from both ends.
 * - `ISSUEREF#{id}` in the enterprise partition names the item's project: most calls address an
 *   item by id alone (`GET {id}`, `edit/{id}`, `link`, `journals/{id}`), and the project is part
 *   of every key of the item. Written and deleted in the item's own transactions.
 *
 * Every write goes through `commitIssueWrite`, which adds the counters step and the change-log
 * entry (modules/issues/store/counters.ts) to the transaction.
 */

import { enterprisePartition, type Key, keys, projectPartition, SK } from '@core/db/keys';
import {
  batchDelete,
  batchGet,
  conditions,
  getItem,
  type Item,
  queryAll,
  type TxOp,
  transact,
} from '@core/db/operations';
import { getRecords, queryRecords, readRecord } from '@core/db/records';
import type { IssueKind, IssueStatusId } from '@shared/domain/work-item-workflow';
import { type ProjectRecord, projectFromItem } from '../../projects';
import {
  type Allocation,
  type CountDeltas,
  changeEntryOp,
  countersFromItem,
  type EntryRows,
  type ProjectCounters,
} from './counters';
import { tagSeqKey } from './tags';

export interface IssueRecord {
  issueId: string;
  projectId: string;
  issueNumber: number;
  pmIssueType: IssueKind;
  title: string;
  status: IssueStatusId;
  /** 1 urgent, 2 high, 3 normal, 4 low. */
  priority: number;
  assigneeId: string | null;
  authorId: string;
  tagIds: string[];
  /** `YYYY-MM-DD`. */
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number | null;
  parentId: string | null;
  sprintId: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it last entered the closed status; null while not closed. */
  closedAt: string | null;
  /** Stepped by every edit a person makes: what clients send back to say what they edited. */
  version: number;
  /**
   * Stepped by EVERY write of the item, including those that only relied on it (a child added,
   * a link made): what writers condition on and what orders a copy's rows. Items written before
   * it existed read as 0.
   */
  rev: number;
}

const ISSUE_REF_PREFIX = 'ISSUEREF#';

/**
 * The enterprise's pointer from a work-item id to its project (not in keys.ts, which has no
 * builder for it: it lives in the enterprise partition because the project is what it finds).
 */
export const issueRefKey = (enterpriseId: string, issueId: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${ISSUE_REF_PREFIX}${issueId}`,
});

export function issueToItem(enterpriseId: string, issue: IssueRecord): Item {
  return {
    ...keys.issue(enterpriseId, issue.projectId, issue.issueId),
    entity: 'Issue',
    enterpriseId,
    ...issue,
  };
}

export function issueFromItem(item: Item): IssueRecord {
  return readRecord(
    item,
    [
      'issueId',
      'projectId',
      'issueNumber',
      'pmIssueType',
      'title',
      'status',
      'priority',
      'authorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    {
      assigneeId: null,
      tagIds: [],
      startDate: null,
      endDate: null,
      estimatedHours: null,
      parentId: null,
      sprintId: null,
      closedAt: null,
      rev: 0,
    },
  );
}

export function issueBodyItem(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  description: string,
): Item {
  return { ...keys.issueBody(enterpriseId, projectId, issueId), entity: 'IssueBody', issueId, description };
}

export function issueRefItem(enterpriseId: string, issue: IssueRecord): Item {
  return {
    ...issueRefKey(enterpriseId, issue.issueId),
    entity: 'IssueRef',
    issueId: issue.issueId,
    projectId: issue.projectId,
  };
}

// ---- reads ----------------------------------------------------------------------------------

// Access pattern: the project of a work item (ENT#{id} / ISSUEREF#{issueId}).
export async function findIssueProject(enterpriseId: string, issueId: string): Promise<string | null> {
  const item = await getItem(issueRefKey(enterpriseId, issueId));
  return (item?.projectId as string | undefined) ?? null;
}

/**
 * Deletes the ISSUEREF# pointers of a project's items (they live in the enterprise partition, so
 * deleting the project's partition leaves them). Reads the item keys only.
 */
export async function deleteIssueRefsOfProject(enterpriseId: string, projectId: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':prefix': SK.issuePrefix,
    },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  const ids = items.map((item) => (item.sk as string).slice(SK.issuePrefix.length));
  await batchDelete(ids.map((id) => issueRefKey(enterpriseId, id)));
}

// Access pattern: the projects of several work items (batch of ISSUEREF#); unknown ids left out.
export async function findIssueProjects(
  enterpriseId: string,
  issueIds: readonly string[],
): Promise<Map<string, string>> {
  const items = await batchGet(issueIds.map((id) => issueRefKey(enterpriseId, id)));
  return new Map(items.map((item) => [item.issueId as string, item.projectId as string]));
}

// Access pattern: every work item of a project, list fields only
// (pk = ENT#{id}#PRJ#{projectId}, begins_with(sk, ISSUE#), strongly consistent, all pages).
export async function loadProjectIssues(enterpriseId: string, projectId: string): Promise<IssueRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.issuePrefix, issueFromItem);
}

// Access pattern: several work items of a project by id (batch, strongly consistent).
export async function getIssues(
  enterpriseId: string,
  projectId: string,
  issueIds: readonly string[],
): Promise<IssueRecord[]> {
  return getRecords(
    issueIds.map((id) => keys.issue(enterpriseId, projectId, id)),
    issueFromItem,
  );
}

// Access pattern: a work item's description (BODY#{issueId}).
export async function getIssueDescription(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<string> {
  const item = await getItem(keys.issueBody(enterpriseId, projectId, issueId));
  return (item?.description as string | undefined) ?? '';
}

// Access pattern: the items linked to one (begins_with(sk, LINK#{issueId}#)).
export async function listLinkedIds(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<string[]> {
  const prefix = `${SK.linkPrefix}${issueId}#`;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': projectPartition(enterpriseId, projectId), ':prefix': prefix },
    ProjectionExpression: 'linkedIssueId',
    ConsistentRead: true,
  });
  return items.map((item) => item.linkedIssueId as string);
}

// Access pattern: every link of a project, as item id → linked ids
// (begins_with(sk, LINK#), strongly consistent, keys and ids only).
export async function loadProjectLinks(
  enterpriseId: string,
  projectId: string,
): Promise<Map<string, string[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': projectPartition(enterpriseId, projectId), ':prefix': SK.linkPrefix },
    ProjectionExpression: 'issueId, linkedIssueId',
    ConsistentRead: true,
  });
  const links = new Map<string, string[]>();
  for (const item of items) {
    const list = links.get(item.issueId);
    if (list) list.push(item.linkedIssueId);
    else links.set(item.issueId, [item.linkedIssueId]);
  }
  return links;
}

// ---- writes ---------------------------------------------------------------------------------

/** The writes that create a work item: the item, its description and its id's pointer. */
export function createIssueOps(enterpriseId: string, issue: IssueRecord, description: string): TxOp[] {
  return [
    { put: issueToItem(enterpriseId, issue), condition: conditions.notExists, label: 'issueExists' },
    // A new id has no body yet; saying so spares the audit trail reading it as its "before".
    {
      put: issueBodyItem(enterpriseId, issue.projectId, issue.issueId, description),
      condition: conditions.notExists,
      label: 'issueExists',
    },
    { put: issueRefItem(enterpriseId, issue) },
  ];
}

/** The item is still at revision `rev` (items from before revisions read as 0). */
export function atRevision(rev: number) {
  return {
    expression: 'attribute_exists(pk) AND (#rev = :rev OR (attribute_not_exists(#rev) AND :rev = :zero))',
    names: { '#rev': 'rev' },
    values: { ':rev': rev, ':zero': 0 },
  };
}

/**
 * Replaces the item's list fields if it is still at revision `expectedRev`
 * (`ConditionFailedError('stale:{id}')`); `issue.rev` is the next one.
 */
export function replaceIssueOp(enterpriseId: string, issue: IssueRecord, expectedRev: number): TxOp {
  return {
    put: issueToItem(enterpriseId, issue),
    condition: atRevision(expectedRev),
    label: `stale:${issue.issueId}`,
  };
}

export function putDescriptionOp(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  description: string,
): TxOp {
  return { put: issueBodyItem(enterpriseId, projectId, issueId, description) };
}

/** The writes that delete a work item: item, description, pointer and both ends of its links. */
export function deleteIssueOps(
  enterpriseId: string,
  issue: IssueRecord,
  linkedIds: readonly string[],
): TxOp[] {
  const { projectId, issueId } = issue;
  return [
    {
      delete: keys.issue(enterpriseId, projectId, issueId),
      condition: atRevision(issue.rev),
      label: `stale:${issueId}`,
    },
    { delete: keys.issueBody(enterpriseId, projectId, issueId) },
    { delete: issueRefKey(enterpriseId, issueId) },
    ...linkedIds.flatMap((other): TxOp[] => [
      { delete: keys.issueLink(enterpriseId, projectId, issueId, other) },
      { delete: keys.issueLink(enterpriseId, projectId, other, issueId) },
    ]),
  ];
}

function linkItem(
  enterpriseId: string,
  projectId: string,
  from: string,
  to: string,
  by: string,
  at: string,
): Item {
  return {
    ...keys.issueLink(enterpriseId, projectId, from, to),
    entity: 'IssueLink',
    issueId: from,
    linkedIssueId: to,
    createdBy: by,
    createdAt: at,
  };
}

/** Both ends of a link (`ConditionFailedError('linked')` if it exists). */
export function linkOps(
  enterpriseId: string,
  projectId: string,
  a: string,
  b: string,
  userId: string,
  at: string,
): TxOp[] {
  return [
    {
      put: linkItem(enterpriseId, projectId, a, b, userId, at),
      condition: conditions.notExists,
      label: 'linked',
    },
    {
      put: linkItem(enterpriseId, projectId, b, a, userId, at),
      condition: conditions.notExists,
      label: 'linked',
    },
  ];
}

/** Removes both ends of a link (`ConditionFailedError('unlinked')` if it is not there). */
export function unlinkOps(enterpriseId: string, projectId: string, a: string, b: string): TxOp[] {
  return [
    {
      delete: keys.issueLink(enterpriseId, projectId, a, b),
      condition: conditions.exists,
      label: 'unlinked',
    },
    {
      delete: keys.issueLink(enterpriseId, projectId, b, a),
      condition: conditions.exists,
      label: 'unlinked',
    },
  ];
}

/**
 * One work-item write as change `allocation.seq`: its change-log entry naming `touched` (fails
 * with `ConditionFailedError('change')` when the number was filled with a tombstone), a check that
 * the project still exists (`'project'`), and `ops`, all in one transaction.
 */
export async function commitIssueWrite(
  enterpriseId: string,
  projectId: string,
  allocation: Allocation,
  change: { touched: readonly string[]; deltas: CountDeltas; ops: readonly TxOp[]; nowMs: number },
): Promise<void> {
  const written = writtenRows(change.ops);
  await transact([
    changeEntryOp(enterpriseId, projectId, allocation, change.touched, change.deltas, written, change.nowMs),
    { check: keys.project(enterpriseId, projectId), condition: conditions.exists, label: 'project' },
    ...change.ops,
  ]);
}

/**
 * The list rows a transaction writes, read off its operations (so the entry holds exactly what
 * was put, whatever the plan meant): every ISSUE# put, without its keys, and every ISSUE# delete.
 */
export function writtenRows(ops: readonly TxOp[]): EntryRows {
  const rows: Item[] = [];
  const gone: string[] = [];
  for (const op of ops) {
    if ('put' in op && op.put.entity === 'Issue') {
      const { pk: _pk, sk: _sk, entity: _entity, enterpriseId: _enterprise, ...row } = op.put;
      rows.push(row);
    } else if ('delete' in op && op.delete.sk.startsWith(SK.issuePrefix)) {
      gone.push(op.delete.sk.slice(SK.issuePrefix.length));
    }
  }
  return { rows, gone };
}

/** Checks that an item is still at the revision the write relied on (`'stale:{id}'` otherwise). */
export function issueRevisionCheckOp(enterpriseId: string, issue: IssueRecord): TxOp {
  return {
    check: keys.issue(enterpriseId, issue.projectId, issue.issueId),
    condition: atRevision(issue.rev),
    label: `stale:${issue.issueId}`,
  };
}

// Access pattern: several descriptions of a project's items (batch of BODY#).
export async function getIssueDescriptions(
  enterpriseId: string,
  projectId: string,
  issueIds: readonly string[],
): Promise<Map<string, string>> {
  const items = await batchGet(issueIds.map((id) => keys.issueBody(enterpriseId, projectId, id)));
  return new Map(
    items.map((item) => [item.issueId as string, (item.description as string | undefined) ?? '']),
  );
}

/** People as items show them: the profile's public fields only. */
export interface PersonRecord {
  userId: string;
  login: string;
  nickname: string;
}

export interface ProjectState {
  counters: ProjectCounters;
  project: ProjectRecord | null;
  /** The description of `issueId`, when asked for ('' when it has none). */
  description: string;
  /** The users asked for that exist. */
  people: Map<string, PersonRecord>;
  /** The enterprise's tag sequence (modules/issues/store/tags.ts), to check a cached tag list. */
  tagSeq: number;
}

/**
 * Access pattern: the project's counters together with the project item, the enterprise's tag
 * sequence, optionally one item's description and some users' profiles, in one strongly
 * consistent BatchGetItem (a list or an item page needs them all before it can answer: one round
 * trip instead of several).
 */
export async function readProjectState(
  enterpriseId: string,
  projectId: string,
  wanted: { issueId?: string; userIds?: readonly (string | null | undefined)[] } = {},
): Promise<ProjectState> {
  const userIds = [...new Set((wanted.userIds ?? []).filter((id): id is string => Boolean(id)))];
  const countersKey = keys.projectCounters(enterpriseId, projectId);
  const projectKey = keys.project(enterpriseId, projectId);
  const bodyKey = wanted.issueId ? keys.issueBody(enterpriseId, projectId, wanted.issueId) : undefined;
  const seqKey = tagSeqKey(enterpriseId);
  const items = await batchGet([
    countersKey,
    projectKey,
    seqKey,
    ...(bodyKey ? [bodyKey] : []),
    ...userIds.map(keys.user),
  ]);
  const find = (key: Key) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const people = new Map<string, PersonRecord>();
  for (const item of items) {
    if (item.sk === SK.profile && typeof item.userId === 'string') {
      people.set(item.userId, { userId: item.userId, login: item.login, nickname: item.nickname });
    }
  }
  const project = find(projectKey);
  return {
    counters: countersFromItem(find(countersKey)),
    project: project ? projectFromItem(project) : null,
    description: bodyKey ? ((find(bodyKey)?.description as string | undefined) ?? '') : '',
    people,
    tagSeq: (find(seqKey)?.tagSeq as number | undefined) ?? 0,
  };
}
