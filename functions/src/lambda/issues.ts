import { handle } from 'hono/aws-lambda';
import { issuesApp } from '../modules/issues/app';

export const handler = handle(issuesApp);
