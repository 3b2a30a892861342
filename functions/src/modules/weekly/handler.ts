import { groupHandler } from '@core/lambda/group-handler';
import { weeklyApp } from './app';
import { weeklyBackground } from './background';

export const handler = groupHandler('weekly', weeklyApp, weeklyBackground);
