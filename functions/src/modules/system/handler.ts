import { handle } from 'hono/aws-lambda';
import { systemApp } from './app';

export const handler = handle(systemApp);
