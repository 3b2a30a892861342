import { createGroupApp } from '@core/http/group';
import { authEmailRoutes } from './email-routes';
import { authRoutes } from './routes';

/** Accounts and sessions: `/api/auth/*`, `/api/accounts/*`, `/api/pms/open/*`, `/api/setting.json`. */
export const authApp = createGroupApp().route('/', authRoutes).route('/', authEmailRoutes);
