import { handle } from 'hono/aws-lambda';
import { requirementsApp } from '../groups/requirements';

export const handler = handle(requirementsApp);
