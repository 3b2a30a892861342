import { handle } from 'hono/aws-lambda';
import { pipelinesApp } from './app';

export const handler = handle(pipelinesApp);
