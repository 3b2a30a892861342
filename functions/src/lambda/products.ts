import { handle } from 'hono/aws-lambda';
import { productsApp } from '../modules/products/app';

export const handler = handle(productsApp);
