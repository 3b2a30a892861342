import { handle } from 'hono/aws-lambda';
import { testcasesApp } from './app';

export const handler = handle(testcasesApp);
