import { handle } from 'hono/aws-lambda';
import { projectsApp } from '../modules/projects/app';

export const handler = handle(projectsApp);
