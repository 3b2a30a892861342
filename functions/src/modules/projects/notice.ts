/** A project's notice: one Markdown text per project, written once then edited with `version`. */

import { nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { conflict, notFound, staleVersion } from '@core/errors';
import { getUser } from '@core/identity/store/users';
import type { Notice } from '@shared/schemas/projects';
import { projectNotFound, requireProject } from './projects';
import type { NoticeRecord } from './store';
import * as db from './store';
import { noticeView } from './views';

async function viewOf(projectId: string, notice: NoticeRecord | null): Promise<Notice> {
  const updater = notice ? await getUser(notice.updatedBy) : null;
  return noticeView(projectId, notice, updater ?? undefined);
}

/** The notice, or an empty one with `version` 0 while nobody wrote one. */
export async function getNotice(enterpriseId: string, projectId: string): Promise<Notice> {
  await requireProject(enterpriseId, projectId);
  return viewOf(projectId, await db.getNotice(enterpriseId, projectId));
}

/** Writes the project's first notice; 409 when it has one (edit it instead). */
export async function addNotice(
  enterpriseId: string,
  userId: string,
  body: { pmsProjectId: string; content: string },
): Promise<Notice> {
  const projectId = body.pmsProjectId;
  await requireProject(enterpriseId, projectId);
  const notice: NoticeRecord = {
    enterpriseId,
    projectId,
    content: body.content,
    updatedBy: userId,
    updatedAt: nowIso(),
    version: 1,
  };
  await onConditionFailed(db.createNotice(enterpriseId, notice), {
    notice: () => conflict('The project already has a notice; reload and edit it'),
    project: () => projectNotFound(projectId),
  });
  return viewOf(projectId, notice);
}

/** Replaces the notice's content if the client read the current version (409 otherwise). */
export async function editNotice(
  enterpriseId: string,
  userId: string,
  body: { pmsProjectId: string; content: string; version: number },
): Promise<Notice> {
  const projectId = body.pmsProjectId;
  await requireProject(enterpriseId, projectId);
  const changes = { content: body.content, updatedBy: userId, updatedAt: nowIso() };
  const updated = await onConditionFailed(db.updateNotice(enterpriseId, projectId, body.version, changes), {
    stale: () => staleVersion('The project notice'),
    missing: () => notFound(`Project ${projectId} has no notice yet; add one first`),
  });
  return viewOf(projectId, updated);
}
