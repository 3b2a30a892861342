import { createGroupApp } from '../core/http/group';
import { enterpriseMemberRoutes } from '../routes/enterprise-members';
import { enterpriseRoutes } from '../routes/enterprises';

/** Enterprises and their members: `/api/pms/pmsEnterprise` and below. */
export const enterpriseApp = createGroupApp().route('/', enterpriseRoutes).route('/', enterpriseMemberRoutes);
