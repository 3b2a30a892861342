import { handle } from 'hono/aws-lambda';
import { enterpriseApp } from '../groups/enterprise';

export const handler = handle(enterpriseApp);
