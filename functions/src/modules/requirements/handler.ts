import { handle } from 'hono/aws-lambda';
import { requirementsApp } from './app';

export const handler = handle(requirementsApp);
