import { handle } from 'hono/aws-lambda';
import { enterpriseApp } from './app';

export const handler = handle(enterpriseApp);
