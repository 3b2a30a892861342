import { handle } from 'hono/aws-lambda';
import { sprintsApp } from './app';

export const handler = handle(sprintsApp);
