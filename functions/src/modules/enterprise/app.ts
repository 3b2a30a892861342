import { createGroupApp } from '@core/http/group';
import { enterpriseRoutes } from './routes/enterprises';
import { enterpriseExportRoutes } from './routes/exports';
import { enterpriseMemberRoutes } from './routes/members';

/** Enterprises, their members and data exports: `/api/pms/pmsEnterprise` and below. */
export const enterpriseApp = createGroupApp()
  .route('/', enterpriseRoutes)
  .route('/', enterpriseMemberRoutes)
  .route('/', enterpriseExportRoutes);
