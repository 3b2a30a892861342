import { handle } from 'hono/aws-lambda';
import { requirementsApp } from '../modules/requirements/app';

export const handler = handle(requirementsApp);
