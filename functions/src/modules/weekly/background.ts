/**
 * The weekly group's background work (core/jobs): the reminder run, every 15 minutes
 * (functions/src/manifest.ts). Safe to run twice (./reminders.ts).
 */
import { defineSchedule } from '@core/jobs/jobs';
import { runReminders } from './reminders';

export const weeklyReminders = defineSchedule('weekly', 'reminders', runReminders);

export const weeklyBackground = [weeklyReminders] as const;
