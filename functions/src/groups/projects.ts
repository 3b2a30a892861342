import { createGroupApp } from '../http/group';

/** Projects: `/api/pms/{identifier}/pmsProject` and below (members, notice, statistics). */
export const projectsApp = createGroupApp();
