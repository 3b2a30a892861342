import { createGroupApp } from '@core/http/group';
import { sprintRoutes } from './routes';

/** Iterations: `/api/pms/{identifier}/pmsProjectSprint` and below. Static paths (`list`) come before `{id}`. */
export const sprintsApp = createGroupApp().route('/', sprintRoutes);
