import { handle } from 'hono/aws-lambda';
import { productsApp } from '../groups/products';

export const handler = handle(productsApp);
