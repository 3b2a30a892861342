/**
 * Reminding members who have not submitted their report of the week (docs/weekly-reports.md,
 * "Reminders"). Notifications are not built yet (issue 20): a reminder is an in-app notice the
 * weekly page shows the member (and `index.ts` exports for the work desk).
 *
 * The run (schedule `weekly.reminders`: EventBridge every 15 minutes in the cloud, a timer of the
 * local server in the embedded default) goes through the enterprises that write reports; once
 * the enterprise's reminder time of the current week has passed (its day and time, in its time
 * zone), every member of each open project without a submitted report of the week gets a notice,
 * and the enterprise is marked as reminded for that week. Running twice adds nothing: a notice
 * is written only if absent, and a marked week is skipped.
 */
import { clock, nowIso } from '@core/clock';
import { conflict } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import { getEnterprise } from '@core/identity/store/enterprises';
import type { Tenant } from '@core/identity/tenancy';
import { publish } from '@core/jobs/jobs';
import { addDays, REPORT_STATUS } from '@shared/domain/weekly';
import { PROJECT_STATE } from '@shared/domain/work-items';
import { weeklyReminderActivity } from '@shared/schemas/notifications';
import type { RemindResult } from '@shared/schemas/weekly';
import { listProjectMembers, listProjects, type ProjectRecord } from '../projects';
import { projectAccess, requireManager, weekFor } from './access';
import { enrol } from './enrolment';
import {
  enrolledEnterprises,
  lastRemindedWeek,
  markReminded,
  NOTICE_LIFETIME_DAYS,
  putNotice,
} from './store/reminders';
import { listProjectReportSummaries } from './store/reports';
import { instantOf, isClosed, type Week, weekOf } from './weeks';

/** Records a notice for each member of the project without a submitted report of the week; answers who they are. */
export async function remindMissing(
  enterpriseId: string,
  project: ProjectRecord,
  week: Week,
): Promise<string[]> {
  const [members, reports] = await Promise.all([
    listProjectMembers(enterpriseId, project.projectId),
    listProjectReportSummaries(enterpriseId, project.projectId, week.start),
  ]);
  const submitted = new Set(reports.filter((r) => r.status === REPORT_STATUS.submitted).map((r) => r.userId));
  const missing = members.filter((m) => !submitted.has(m.userId)).map((m) => m.userId);
  const createdAt = nowIso();
  const expiresAt = Math.floor(clock.now() / 1000) + NOTICE_LIFETIME_DAYS * 86_400;
  await Promise.all(
    missing.map((userId) =>
      putNotice({
        enterpriseId,
        userId,
        projectId: project.projectId,
        projectName: project.name,
        weekStart: week.start,
        createdAt,
        expiresAt,
      }),
    ),
  );
  const event = weeklyReminderActivity(enterpriseId, createdAt, project, week.start, missing);
  if (missing.length > 0) await publish('weekly', 'weekly.activity', event);
  return missing;
}

/** When the enterprise's members are reminded in `week`: its reminder day and time, in its time zone. */
export function reminderDue(
  week: Week,
  enterprise: { weeklyReminderDay: number; weeklyReminderTime: string },
): number {
  return instantOf(
    addDays(week.start, enterprise.weeklyReminderDay - 1),
    enterprise.weeklyReminderTime,
    week.timeZone,
  );
}

/** Reminds one enterprise if its time has come this week and it was not reminded yet. */
async function remindEnterprise(enterpriseId: string, now: number): Promise<void> {
  const enterprise = await getEnterprise(enterpriseId);
  if (!enterprise) return;
  const week = weekOf(now, enterprise.timeZone);
  if (now < reminderDue(week, enterprise)) return;
  if ((await lastRemindedWeek(enterpriseId)) === week.start) return;
  const projects = (await listProjects(enterpriseId)).filter((p) => p.status === PROJECT_STATE.on);
  for (const project of projects) await remindMissing(enterpriseId, project, week);
  await markReminded(enterpriseId, week.start, nowIso());
}

/** The schedule's run: every enrolled enterprise, one after the other; one failing does not stop the rest. */
export async function runReminders(now: Date): Promise<void> {
  const failures: unknown[] = [];
  for (const enterpriseId of await enrolledEnterprises()) {
    try {
      await remindEnterprise(enterpriseId, now.getTime());
    } catch (error) {
      failures.push(error);
      console.error(
        JSON.stringify({ level: 'error', schedule: 'weekly.reminders', enterpriseId, error: String(error) }),
      );
    }
  }
  if (failures.length > 0) throw new Error(`weekly.reminders: ${failures.length} enterprises failed`);
}

/** `remind`: a project manager reminds the members who have not submitted the week, now. */
export async function remindNow(
  tenant: Tenant,
  body: { pmsProjectId: string; weekStart?: string },
): Promise<RemindResult> {
  const access = await projectAccess(tenant, body.pmsProjectId);
  requireManager(access);
  const week = weekFor(tenant, body.weekStart);
  if (isClosed(week)) throw conflict(`The week of ${week.start} is closed; there is nothing to remind of`);
  const missing = await remindMissing(tenant.enterprise.id, access.project, week);
  await enrol(tenant.enterprise.id);
  const users = await userSummaries(missing);
  return { reminded: missing.map((userId) => summaryOf(users, userId)) };
}
