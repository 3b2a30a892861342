import { handle } from 'hono/aws-lambda';
import { productsApp } from './app';

export const handler = handle(productsApp);
