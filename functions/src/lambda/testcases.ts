import { handle } from 'hono/aws-lambda';
import { testcasesApp } from '../groups/testcases';

export const handler = handle(testcasesApp);
