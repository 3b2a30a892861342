import { OpenAPIHono } from '@hono/zod-openapi';

// Skeleton so the other folders can import the group; the API work fills it in.
export const enterpriseApp = new OpenAPIHono();
