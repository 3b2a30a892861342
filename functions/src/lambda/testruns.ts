import { handle } from 'hono/aws-lambda';
import { testrunsApp } from '../modules/testruns/app';

export const handler = handle(testrunsApp);
