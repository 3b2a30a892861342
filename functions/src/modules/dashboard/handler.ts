import { handle } from 'hono/aws-lambda';
import { dashboardApp } from './app';

export const handler = handle(dashboardApp);
