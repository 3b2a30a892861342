import { handle } from 'hono/aws-lambda';
import { sprintsApp } from '../groups/sprints';

export const handler = handle(sprintsApp);
