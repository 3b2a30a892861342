import { groupHandler } from '@core/lambda/group-handler';
import { notificationsApp } from './app';
import { notificationsBackground } from './background';

export const handler = groupHandler('notifications', notificationsApp, notificationsBackground);
