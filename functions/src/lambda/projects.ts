import { handle } from 'hono/aws-lambda';
import { projectsApp } from '../groups/projects';

export const handler = handle(projectsApp);
