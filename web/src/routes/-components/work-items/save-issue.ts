import type { IssueDetail, IssueUpdateBody } from '@shared/schemas/issues';
import { useRef } from 'react';
import { isStaleVersion } from '../../../queries/factory';
import { useUpdateIssue } from '../../../queries/issues';

export type IssueChanges = Omit<IssueUpdateBody, 'version'>;

/**
 * Saves field edits of one item, each with the version it was read at. One save at a time: a
 * second one would carry the same, soon stale, version (and a field that commits on Enter also
 * commits on the blur that follows), so a call while one runs is dropped; the fields are disabled
 * meanwhile anyway. A stale answer reloads the item (useUpdateIssue) and calls `onStale` so the
 * page can say what happened; the client has already shown the server's message, so nothing
 * here notifies again.
 */
export function useSaveIssue(issue: IssueDetail, projectId: string, onStale: () => void) {
  const update = useUpdateIssue(projectId);
  const inFlight = useRef(false);
  async function save(changes: IssueChanges): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      await update.mutateAsync({ id: issue.id, body: { ...changes, version: issue.version } });
      return true;
    } catch (error) {
      if (isStaleVersion(error)) onStale();
      return false;
    } finally {
      inFlight.current = false;
    }
  }
  return { save, saving: update.isPending };
}

export type SaveIssue = ReturnType<typeof useSaveIssue>;
