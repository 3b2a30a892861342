import { createGroupApp } from '@core/http/group';
import { deptMemberRoutes } from './routes/dept-members';
import { dictionaryRoutes } from './routes/dictionaries';
import { roleRoutes } from './routes/roles';
import { userInfoRoutes } from './routes/user-info';

/** The System calls: dictionaries, the user in an enterprise, department members and roles. */
export const systemApp = createGroupApp()
  .route('/', dictionaryRoutes)
  .route('/', userInfoRoutes)
  .route('/', deptMemberRoutes)
  .route('/', roleRoutes);
