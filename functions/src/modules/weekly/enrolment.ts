/**
 * An enterprise is on the reminder run's list once one of its members has written a weekly report
 * (docs/weekly-reports.md, "Reminders"): the run then never reads enterprises that use none.
 * Each process enrols an enterprise once; enrolling again only rewrites the same keys.
 */
import { enrolForReminders } from './store/reminders';

const enrolled = new Set<string>();

export async function enrol(enterpriseId: string): Promise<void> {
  if (enrolled.has(enterpriseId)) return;
  await enrolForReminders(enterpriseId);
  enrolled.add(enterpriseId);
}
