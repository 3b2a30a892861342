import { handle } from 'hono/aws-lambda';
import { issuesApp } from './app';

export const handler = handle(issuesApp);
