import { handle } from 'hono/aws-lambda';
import { testrunsApp } from '../groups/testruns';

export const handler = handle(testrunsApp);
