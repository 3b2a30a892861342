import { createGroupApp } from '@core/http/group';
import { enterpriseRoutes } from './routes/enterprises';
import { enterpriseMemberRoutes } from './routes/members';

/** Enterprises and their members: `/api/pms/pmsEnterprise` and below. */
export const enterpriseApp = createGroupApp().route('/', enterpriseRoutes).route('/', enterpriseMemberRoutes);
