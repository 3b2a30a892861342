import { createGroupApp } from '@core/http/group';
import { auditLogRoutes } from './routes/audit-log';
import { enterpriseRoutes } from './routes/enterprises';
import { enterpriseExportRoutes } from './routes/exports';
import { invitationRoutes } from './routes/invitations';
import { enterpriseMemberRoutes } from './routes/members';

/** Enterprises, their members, data exports and audit log: `/api/pms/pmsEnterprise` and below. */
export const enterpriseApp = createGroupApp()
  // Before enterpriseRoutes: `invitations/...` is a static path, not an enterprise identifier.
  .route('/', invitationRoutes)
  .route('/', enterpriseRoutes)
  .route('/', enterpriseMemberRoutes)
  .route('/', enterpriseExportRoutes)
  .route('/', auditLogRoutes);
