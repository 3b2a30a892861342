import { handle } from 'hono/aws-lambda';
import { enterpriseApp } from '../modules/enterprise/app';

export const handler = handle(enterpriseApp);
