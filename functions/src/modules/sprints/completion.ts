/**
 * Completing a sprint (spec section 4): the unfinished items are finished (choice 1), taken out
 * of the sprint (2) or moved to another sprint (3), and the sprint closes with the record of its
 * completion, all in ONE work-item transaction (modules/issues/work-items.ts writeIssues, which
 * also adds the sprint-log entries): a completion that fails moves nothing. That transaction bounds
 * how many items one completion may move (MAX_COMPLETION_ITEMS).
 */

import { nowIso } from '@core/clock';
import { badRequest, conflict } from '@core/errors';
import {
  FINISHED_BY_COMPLETION_STATUS,
  ITERATION_COMPLETION_CHOICE,
  ITERATION_STATE,
  isUnfinished,
  MAX_COMPLETION_ITEMS,
  nextSprintState,
  sprintRefusal,
} from '@shared/domain/sprint-workflow';
import type { IssueStatusId } from '@shared/domain/work-item-workflow';
import type { CompleteSprintBody, SprintDetail } from '@shared/schemas/sprints';
import { type Editable, type IssueRecord, planItemEdits, writeIssues } from '../issues';
import { buildCompletion } from './burndown';
import { currentSprint, detailOf, requireSprint, sprintNotFound, withOps } from './sprints';
import { replaceSprintOp, type SprintRecord } from './store/sprints';
import { itemsOfSprint } from './views';

/** Choice 3's target: another sprint of the same project that is not closed (404 when unknown there). */
async function targetOf(
  enterpriseId: string,
  sprint: SprintRecord,
  targetSprintId: string,
): Promise<SprintRecord> {
  if (targetSprintId === sprint.sprintId) {
    throw badRequest('targetSprintId', 'The unfinished items cannot move to the sprint being completed');
  }
  const target = await requireSprint(enterpriseId, targetSprintId);
  // Another project's sprint is as unknown here as another enterprise's.
  if (target.projectId !== sprint.projectId) throw sprintNotFound(targetSprintId);
  if (target.status === ITERATION_STATE.closed) {
    throw badRequest('targetSprintId', `Sprint ${target.name} is closed`);
  }
  return target;
}

/** 409 unless the sprint may complete and the transaction can carry its unfinished items. */
function assertCompletable(sprint: SprintRecord, unfinished: readonly IssueRecord[]): void {
  if (nextSprintState(sprint.status, 'complete') === null) {
    throw conflict(sprintRefusal(sprint.status, 'complete'), { from: sprint.status, action: 'complete' });
  }
  if (unfinished.length > MAX_COMPLETION_ITEMS) {
    throw conflict(
      `${unfinished.length} unfinished items: move or finish some before completing (at most ${MAX_COMPLETION_ITEMS} at once)`,
      { unfinished: unfinished.length },
    );
  }
}

/** What happens to one unfinished item. */
function editFor(choice: number, target: SprintRecord | null): Editable {
  if (choice === ITERATION_COMPLETION_CHOICE.finishAll) {
    return { status: FINISHED_BY_COMPLETION_STATUS as IssueStatusId };
  }
  return { sprintId: target?.sprintId ?? null };
}

export async function completeSprint(
  enterpriseId: string,
  userId: string,
  sprintId: string,
  body: CompleteSprintBody,
): Promise<SprintDetail> {
  const { projectId } = await requireSprint(enterpriseId, sprintId);
  let closed: SprintRecord | undefined;
  await writeIssues(
    enterpriseId,
    projectId,
    async (index, sprint) => {
      const unfinished = itemsOfSprint(index, sprintId).filter((issue) => isUnfinished(issue.status));
      assertCompletable(sprint, unfinished);
      const choice = body.choice;
      const target =
        choice === ITERATION_COMPLETION_CHOICE.moveToIteration
          ? await targetOf(enterpriseId, sprint, body.targetSprintId!)
          : null;
      const at = nowIso();
      const edit = editFor(choice, target);
      const planned = await planItemEdits(
        enterpriseId,
        index,
        unfinished.map((issue) => ({ issue, edit })),
        userId,
        at,
      );
      const moves = unfinished.map((issue) => ({
        issue,
        toSprint: target,
        newStatus: edit.status ?? issue.status,
      }));
      const completion = await buildCompletion({ enterpriseId, sprint, userId, at, choice, moves });
      closed = {
        ...sprint,
        status: ITERATION_STATE.closed,
        completedAt: at,
        completion,
        updatedAt: at,
        version: sprint.version + 1,
      };
      // Closed only if no item joined since the sprint was read (before the index synced).
      return withOps(planned, [replaceSprintOp(closed, sprint.version, sprint.memberSeq)]);
    },
    // Read again on every attempt, before the index syncs: the items it then shows include
    // every item that joined before this read, and a later join fails the condition above.
    () => currentSprint(enterpriseId, sprintId, body.version),
  );
  return detailOf(enterpriseId, closed!);
}
