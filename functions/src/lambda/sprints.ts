import { handle } from 'hono/aws-lambda';
import { sprintsApp } from '../modules/sprints/app';

export const handler = handle(sprintsApp);
