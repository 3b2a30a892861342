/**
 * Links between project demands and the specs they carry, stored from both ends:
 *
 * - `DEMANDSPEC#{issueId}` in the project partition: the spec a demand carries (at most one).
 * - `SPECDEMAND#{specLocal}#{projectId}#{issueId}` in the product partition: the demands that
 *   carry a spec (`projectList`).
 *
 * Both ends and the spec's `demandCount` change in one transaction. The project end is
 * conditioned on what was read, so two writers cannot both attach a spec to one demand.
 */
import { type Condition, conditions } from '@core/db/expressions';
import { keys, productPartition, projectPartition, SK } from '@core/db/keys';
import { batchDelete, getItem, type Item, queryPartition, type TxOp, transact } from '@core/db/operations';
import { getRecord, queryRecords, readRecord } from '@core/db/records';
import { getIssues, type IssueRecord } from '../../issues';
import { getProject, type ProjectRecord } from '../../projects';
import { specDemandCountOp } from './specs';

export interface DemandLinkRecord {
  enterpriseId: string;
  projectId: string;
  issueId: string;
  productId: string;
  /** The spec's local id. */
  specId: string;
  createdBy: string;
  createdAt: string;
}

function demandSpecItem(link: DemandLinkRecord): Item {
  return {
    ...keys.demandSpec(link.enterpriseId, link.projectId, link.issueId),
    entity: 'DemandSpec',
    ...link,
  };
}

function specDemandKey(link: DemandLinkRecord) {
  return keys.specDemand(link.enterpriseId, link.productId, link.specId, link.projectId, link.issueId);
}

function specDemandItem(link: DemandLinkRecord): Item {
  return { ...specDemandKey(link), entity: 'SpecDemand', ...link };
}

function fromItem(item: Item): DemandLinkRecord {
  return readRecord(
    item,
    ['enterpriseId', 'projectId', 'issueId', 'productId', 'specId', 'createdBy', 'createdAt'],
    {},
  );
}

// Access pattern: the spec a demand carries (ENT#{id}#PRJ#{projectId} / DEMANDSPEC#{issueId}).
export async function getDemandLink(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<DemandLinkRecord | null> {
  return getRecord(keys.demandSpec(enterpriseId, projectId, issueId), fromItem);
}

// Access pattern: the demands that carry a spec
// (ENT#{id}#PRD#{productId}, begins_with(sk, SPECDEMAND#{specLocal}#)).
export async function listSpecDemands(
  enterpriseId: string,
  productId: string,
  specId: string,
): Promise<DemandLinkRecord[]> {
  return queryRecords(
    productPartition(enterpriseId, productId),
    `${SK.specDemandPrefix}${specId}#`,
    fromItem,
  );
}

/** The project end still names `specId` (`'demandLink'` when someone relinked it meanwhile). */
const carries = (specId: string, productId: string): Condition => ({
  expression: 'attribute_exists(pk) AND specId = :specId AND productId = :productId',
  values: { ':specId': specId, ':productId': productId },
});

/** The product end of a link and the spec's count, when the spec still exists. */
function productEndRemoval(link: DemandLinkRecord, specExists: boolean): TxOp[] {
  return [
    { delete: specDemandKey(link) },
    ...(specExists ? [specDemandCountOp(link.enterpriseId, link.productId, link.specId, -1)] : []),
  ];
}

/**
 * Links a demand to a spec, replacing `previous` (whose spec may be gone). The spec must be
 * reviewed or planning (`'spec'`); the demand must carry what was read (`'demandLink'`).
 */
export function linkDemandOps(
  link: DemandLinkRecord,
  previous: { link: DemandLinkRecord; specExists: boolean } | null,
): TxOp[] {
  return [
    {
      put: demandSpecItem(link),
      condition: previous ? carries(previous.link.specId, previous.link.productId) : conditions.notExists,
      label: 'demandLink',
    },
    { put: specDemandItem(link) },
    specDemandCountOp(link.enterpriseId, link.productId, link.specId, 1),
    ...(previous ? productEndRemoval(previous.link, previous.specExists) : []),
  ];
}

/** Removes a link from both ends (`'demandLink'` when it changed meanwhile). */
export function unlinkDemandOps(link: DemandLinkRecord, specExists: boolean): TxOp[] {
  return [
    {
      delete: keys.demandSpec(link.enterpriseId, link.projectId, link.issueId),
      condition: carries(link.specId, link.productId),
      label: 'demandLink',
    },
    ...productEndRemoval(link, specExists),
  ];
}

/** Whether the spec of a link still exists (its product may have been deleted). */
export async function linkedSpecExists(link: DemandLinkRecord): Promise<boolean> {
  return (await getItem(keys.spec(link.enterpriseId, link.productId, link.specId))) !== undefined;
}

/**
 * The writes that go with deleting a demand: its link from both ends when it carries a spec, or
 * a check that it still carries none (`'demandLink'`: a spec was linked meanwhile, plan again).
 */
export async function demandDeletionOps(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<TxOp[]> {
  const link = await getDemandLink(enterpriseId, projectId, issueId);
  if (!link) {
    return [
      {
        check: keys.demandSpec(enterpriseId, projectId, issueId),
        condition: conditions.notExists,
        label: 'demandLink',
      },
    ];
  }
  return unlinkDemandOps(link, await linkedSpecExists(link));
}

/** The transaction step that requires a work item to still exist (`'issue'` when it is gone). */
export function issueExistsOp(enterpriseId: string, projectId: string, issueId: string): TxOp {
  return {
    check: keys.issue(enterpriseId, projectId, issueId),
    condition: conditions.exists,
    label: 'issue',
  };
}

export interface CarriedDemand {
  link: DemandLinkRecord;
  issue: IssueRecord;
  project: ProjectRecord;
}

/**
 * Access pattern: the demands that carry a spec and still exist: the spec's SPECDEMAND# items,
 * then per project the project item and the work items (batch). Links whose demand or project
 * is gone (a deleted project leaves its links' product end behind) come back as `stale`.
 */
export async function liveSpecDemands(
  enterpriseId: string,
  productId: string,
  specId: string,
): Promise<{ live: CarriedDemand[]; stale: DemandLinkRecord[] }> {
  const links = await listSpecDemands(enterpriseId, productId, specId);
  const projectIds = [...new Set(links.map((l) => l.projectId))];
  const found = await Promise.all(
    projectIds.map(async (projectId) => {
      const ids = links.filter((l) => l.projectId === projectId).map((l) => l.issueId);
      const [project, issues] = await Promise.all([
        getProject(enterpriseId, projectId),
        getIssues(enterpriseId, projectId, ids),
      ]);
      return { projectId, project, issues: new Map(issues.map((i) => [i.issueId, i])) };
    }),
  );
  const live: CarriedDemand[] = [];
  const stale: DemandLinkRecord[] = [];
  for (const link of links) {
    const at = found.find((f) => f.projectId === link.projectId);
    const issue = at?.issues.get(link.issueId);
    if (at?.project && issue) live.push({ link, issue, project: at.project });
    else stale.push(link);
  }
  return { live, stale };
}

/** Deletes the product end of links whose demand is gone (after a project was deleted). */
export async function deleteStaleSpecDemands(links: readonly DemandLinkRecord[]): Promise<void> {
  await batchDelete(links.map(specDemandKey));
}

/**
 * Before a project is deleted: the product ends of its demands' links go, and their specs count
 * one demand less. The project ends go with the project's partition. Each link is its own small
 * transaction; a spec deleted meanwhile only loses the link item.
 */
export async function unlinkDemandsOfProject(enterpriseId: string, projectId: string): Promise<void> {
  const items = await queryPartition(projectPartition(enterpriseId, projectId), SK.demandSpecPrefix);
  for (const link of items.map(fromItem)) {
    await transact(productEndRemoval(link, await linkedSpecExists(link)));
  }
}
