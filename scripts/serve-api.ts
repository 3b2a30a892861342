/** The API alone on API_PORT (default 3000), restarted by `tsx watch` in `npm run dev`. */
import { Hono } from 'hono';
import { app as api } from '../functions/src/app';
import { listen } from './lib/local-server';

const app = new Hono();
app.all('/api/*', (c) => api.fetch(c.req.raw));
const server = await listen(app, Number(process.env.API_PORT ?? 3000), '127.0.0.1');
console.log(`API listening at ${server.url}`);
