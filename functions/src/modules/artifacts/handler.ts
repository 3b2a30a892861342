import { handle } from 'hono/aws-lambda';
import { artifactsApp } from './app';

export const handler = handle(artifactsApp);
