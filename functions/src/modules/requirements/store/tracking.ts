/**
 * Tracking records of user requirements and specs: `TRACK#{objectLocal}#{recordId}` in the product
 * partition. Record ids sort by time, so a query by prefix returns an item's history oldest
 * first. Records are written in the same transaction as the change they record, and only ever
 * deleted with their item.
 */

import { keys, productPartition, SK } from '@core/db/keys';
import { batchDelete, conditions, type Item, queryAll, type TxOp } from '@core/db/operations';
import { queryRecords, readRecord } from '@core/db/records';
import type { RequirementAction, RequirementKind } from '@shared/domain/requirement-workflow';
import type { FieldChange } from '@shared/schemas/requirements';

export type TrackAction = 'create' | RequirementAction;

export interface TrackRecord {
  enterpriseId: string;
  productId: string;
  kind: RequirementKind;
  /** The local id of the requirement or spec. */
  objectId: string;
  recordId: string;
  action: TrackAction;
  userId: string;
  at: string;
  /** The reason of a change, the reviewer's comment, or a note on the move. */
  comment: string;
  fromStatus: number | null;
  toStatus: number;
  fields: FieldChange[];
}

function toItem(record: TrackRecord): Item {
  return {
    ...keys.trackRecord(record.enterpriseId, record.productId, record.objectId, record.recordId),
    entity: 'TrackRecord',
    ...record,
  };
}

function fromItem(item: Item): TrackRecord {
  return readRecord(
    item,
    ['enterpriseId', 'productId', 'kind', 'objectId', 'recordId', 'action', 'userId', 'at', 'toStatus'],
    { comment: '', fromStatus: null, fields: [] },
  );
}

/** The write of one record (part of the transaction of the change it records). */
export function putTrackRecordOp(record: TrackRecord): TxOp {
  return { put: toItem(record), condition: conditions.notExists, label: 'trackRecord' };
}

const prefixOf = (objectId: string) => `${SK.trackPrefix}${objectId}#`;

// Access pattern: an item's tracking records, oldest first
// (pk = ENT#{id}#PRD#{productId}, begins_with(sk, TRACK#{objectLocal}#)).
export async function listTrackRecords(
  enterpriseId: string,
  productId: string,
  objectId: string,
): Promise<TrackRecord[]> {
  return queryRecords(productPartition(enterpriseId, productId), prefixOf(objectId), fromItem);
}

/** Deletes an item's records (after the item itself is gone); reads their keys only. */
export async function deleteTrackRecords(enterpriseId: string, productId: string, objectId: string) {
  const found = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': productPartition(enterpriseId, productId),
      ':prefix': prefixOf(objectId),
    },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(found.map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
}
