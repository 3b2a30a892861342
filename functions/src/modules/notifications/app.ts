import { createGroupApp } from '@core/http/group';
import { notificationRoutes } from './routes';

/** In-app notifications: my inbox, my preferences, watching work items (docs/notifications.md). */
export const notificationsApp = createGroupApp().route('/', notificationRoutes);
