import { handle } from 'hono/aws-lambda';
import { authApp } from '../groups/auth';

export const handler = handle(authApp);
