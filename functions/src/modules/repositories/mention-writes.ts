import { ConditionFailedError, type TxOp, transact } from '@core/db/operations';

/**
 * Writes a mention with its journal entry unless the mention exists already or its work item is
 * gone (the conditions labelled `mention` and `issue`): true when written. This is what makes
 * ingesting the same commit twice (webhook and poll, a redelivery, a retried job) harmless.
 */
export async function writeOnceOps(ops: readonly TxOp[]): Promise<boolean> {
  try {
    await transact(ops);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError && (error.label === 'mention' || error.label === 'issue'))
      return false;
    throw error;
  }
}
