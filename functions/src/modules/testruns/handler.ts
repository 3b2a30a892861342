import { handle } from 'hono/aws-lambda';
import { testrunsApp } from './app';

export const handler = handle(testrunsApp);
