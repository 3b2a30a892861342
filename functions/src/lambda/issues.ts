import { handle } from 'hono/aws-lambda';
import { issuesApp } from '../groups/issues';

export const handler = handle(issuesApp);
