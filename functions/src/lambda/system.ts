import { handle } from 'hono/aws-lambda';
import { systemApp } from '../modules/system/app';

export const handler = handle(systemApp);
