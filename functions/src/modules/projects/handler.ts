import { handle } from 'hono/aws-lambda';
import { projectsApp } from './app';

export const handler = handle(projectsApp);
