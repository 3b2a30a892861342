import { ConditionFailedError, type TxOp } from '@core/db/operations';
import { writeJournalEntry } from '../issues';

/**
 * Writes a mention with its journal entry unless the mention exists already or its work item is
 * gone (the conditions labelled `mention` and `issue`): true when written. This is what makes
 * ingesting the same commit twice (webhook and poll, a redelivery, a retried job) harmless. The
 * write goes through the project's change log (one journal entry), so the feed's total stays exact.
 */
export async function writeOnceOps(
  enterpriseId: string,
  projectId: string,
  ops: readonly TxOp[],
): Promise<boolean> {
  try {
    await writeJournalEntry(enterpriseId, projectId, [...ops]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError && (error.label === 'mention' || error.label === 'issue'))
      return false;
    throw error;
  }
}
