import { handle } from 'hono/aws-lambda';
import { testcasesApp } from '../modules/testcases/app';

export const handler = handle(testcasesApp);
