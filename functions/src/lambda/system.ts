import { handle } from 'hono/aws-lambda';
import { systemApp } from '../groups/system';

export const handler = handle(systemApp);
