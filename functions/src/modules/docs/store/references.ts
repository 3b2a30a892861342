/**
 * "Referenced in docs": one item per (target, page) in the target's own partition
 * (`ENT#{e}#DOCREF#{target}` / `DOC#{docId}`), where a target is `ISSUE#{issueId}`,
 * `SPEC#{specId}` or `PAGE#{docId}`. A page's save adds and removes them in its own transaction
 * (the page keeps the list it wrote in `refs`), so the two never disagree. Items of pages in the
 * trash stay: readers show only pages that are visible to the caller.
 */
import { docReferencesPartition, keys, SK } from '@core/db/keys';
import { queryPartition, type TxOp } from '@core/db/operations';

export const issueTarget = (issueId: string) => `ISSUE#${issueId}`;
export const specTarget = (specId: string) => `SPEC#${specId}`;
export const pageTarget = (docId: string) => `PAGE#${docId}`;

export function putReferenceOp(enterpriseId: string, target: string, docId: string): TxOp {
  return {
    put: { ...keys.docReferrer(enterpriseId, target, docId), entity: 'DocReference', target, docId },
  };
}

export function deleteReferenceOp(enterpriseId: string, target: string, docId: string): TxOp {
  return { delete: keys.docReferrer(enterpriseId, target, docId) };
}

// Access pattern: the pages that reference a target (ENT#{e}#DOCREF#{target}, begins_with DOC#).
export async function listReferrers(enterpriseId: string, target: string): Promise<string[]> {
  const items = await queryPartition(docReferencesPartition(enterpriseId, target), SK.docReferrerPrefix);
  return items.map((item) => item.docId as string);
}
