/**
 * A sprint's burn-down (replayed from its log), its statistics, and the record a completion
 * keeps: what the sprint looked like right after it was completed, so that later moves or
 * reopened items never rewrite its history.
 */

import { nowIso } from '@core/clock';
import { summaryOf, userSummaries } from '@core/identity/people';
import { parseScopedId } from '@core/ids';
import { ITERATION_COMPLETION_CHOICE, isUnfinished } from '@shared/domain/sprint-workflow';
import type { IssueStatusId } from '@shared/domain/work-item-workflow';
import type { BurnDown, SprintCompletion } from '@shared/schemas/sprints';
import { type IssueRecord, issueRefView } from '../issues';
import { burnDownSeries } from './burndown-series';
import { sprintRows, statisticsOfRows } from './statistics';
import { listSprintLog, type SprintLogEntry, sprintLogEntries } from './store/sprint-log';
import type { SprintRecord } from './store/sprints';

export { statisticsOf } from './statistics';

async function replay(
  enterpriseId: string,
  sprint: SprintRecord,
  today: string,
  pending: readonly SprintLogEntry[],
): Promise<BurnDown['days']> {
  const localId = parseScopedId(sprint.sprintId)?.localId ?? sprint.sprintId;
  const written = await listSprintLog(enterpriseId, sprint.projectId, localId);
  return burnDownSeries({
    startDate: sprint.startDate,
    endDate: sprint.endDate,
    today,
    entries: [...written, ...pending],
    startedAt: sprint.startedAt,
  });
}

/** The live burn-down as of `today` (`YYYY-MM-DD`, UTC): later days are null. */
export async function burnDownOf(
  enterpriseId: string,
  sprint: SprintRecord,
  today: string,
): Promise<BurnDown> {
  const days = await replay(enterpriseId, sprint, today, []);
  return { startDate: sprint.startDate, endDate: sprint.endDate, days, snapshot: false };
}

/** What `burnDownChart` answers: the completion's snapshot once closed, else live as of now. */
export function currentBurnDown(enterpriseId: string, sprint: SprintRecord): Promise<BurnDown> {
  if (sprint.status === 2 && sprint.completion) return Promise.resolve(sprint.completion.burnDown);
  return burnDownOf(enterpriseId, sprint, nowIso().slice(0, 10));
}

/** One unfinished item and where the completion sends it. */
export interface CompletionMove {
  /** The item as it is before the completion. */
  issue: IssueRecord;
  /** Choice 3: the sprint it moves to; null otherwise. */
  toSprint: SprintRecord | null;
  /** Its status after the completion (choice 1: completed; else unchanged). */
  newStatus: number;
}

export interface CompletionInput {
  enterpriseId: string;
  sprint: SprintRecord;
  userId: string;
  /** The completion's time (ISO); its day is the snapshot's last non-null day. */
  at: string;
  choice: number;
  moves: readonly CompletionMove[];
}

/** The item after the completion: finished in place (1), out of any sprint (2) or moved (3). */
function movedRecord(sprint: SprintRecord, choice: number, move: CompletionMove): IssueRecord {
  const sprintId =
    choice === ITERATION_COMPLETION_CHOICE.finishAll ? sprint.sprintId : (move.toSprint?.sprintId ?? null);
  return { ...move.issue, status: move.newStatus as IssueStatusId, sprintId };
}

/**
 * The SprintCompletion as it will be right after the completion's transaction. The burn-down
 * ends with what the sprint left undone: items carried over (choices 2 and 3) still count as
 * remaining on the last day, since they were not finished; finishing them all (choice 1) is
 * replayed as the entries the transaction is about to add (the write hook adds them for real). Statistics describe the sprint at completion:
 * every item it held, the carried-over ones still unfinished, so that
 * carryOverRate = carried over / total.
 */
export async function buildCompletion(input: CompletionInput): Promise<SprintCompletion> {
  const { enterpriseId, sprint, userId, at, choice, moves } = input;
  const moved = new Map(moves.map((move) => [move.issue.issueId, movedRecord(sprint, choice, move)]));
  const pending = moves.flatMap((move) =>
    sprintLogEntries(
      { before: move.issue, after: moved.get(move.issue.issueId)! },
      at,
      Number.MAX_SAFE_INTEGER,
    ),
  );
  const finishedInPlace = choice === ITERATION_COMPLETION_CHOICE.finishAll;
  const [rows, days, users] = await Promise.all([
    sprintRows(enterpriseId, sprint),
    replay(
      enterpriseId,
      sprint,
      at.slice(0, 10),
      finishedInPlace ? pending.filter((e) => e.sprintId === sprint.sprintId) : [],
    ),
    userSummaries([userId]),
  ]);
  const atCompletion = rows.map((row) => (finishedInPlace ? (moved.get(row.issueId) ?? row) : row));
  const carried = finishedInPlace ? [] : moves;
  return {
    completedAt: at,
    completedBy: summaryOf(users, userId),
    choice,
    finished: atCompletion.filter((row) => !isUnfinished(row.status)).map(issueRefView),
    carriedOver: carried.map((move) => ({
      issue: issueRefView(move.issue),
      toSprintId: move.toSprint?.sprintId ?? null,
      toSprintName: move.toSprint?.name ?? null,
    })),
    burnDown: { startDate: sprint.startDate, endDate: sprint.endDate, days, snapshot: true },
    statistics: await statisticsOfRows(atCompletion, carried.length),
  };
}
