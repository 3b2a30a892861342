import { handle } from 'hono/aws-lambda';
import { authApp } from '../modules/auth/app';

export const handler = handle(authApp);
