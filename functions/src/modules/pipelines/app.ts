import { createGroupApp } from '@core/http/group';
import { catalogueRoutes } from './routes/catalogue';
import { pipelineRoutes } from './routes/pipelines';
import { runRoutes } from './routes/runs';

/** Pipelines: `/api/pms/{identifier}/pipelines/...` and the catalogue, `/api/pms/{identifier}/actions/...`. */
export const pipelinesApp = createGroupApp()
  .route('/', catalogueRoutes)
  .route('/', pipelineRoutes)
  .route('/', runRoutes);
