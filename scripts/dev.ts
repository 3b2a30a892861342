/**
 * `npm run dev`: hot reload. The local stack as in `npm start`, the API under `tsx watch`
 * (restarts on every change in functions/ or shared/), and Vite's dev server for the web app,
 * which proxies /api to the API.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startLocalStack } from './lib/local-stack';

const apiPort = Number(process.env.API_PORT ?? 3000);
const webPort = Number(process.env.PORT ?? 5173);
const stack = await startLocalStack({ dataDir: resolve(process.env.DATA_DIR ?? '.data') });
const env = { ...process.env, ...stack.env, API_PORT: String(apiPort) };

const api = spawn(
  process.execPath,
  [join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'scripts/serve-api.ts'],
  {
    env,
    stdio: 'inherit',
  },
);
const { createServer } = await import('vite');
const vite = await createServer({ configFile: 'web/vite.config.ts', server: { port: webPort, host: true } });
await vite.listen();
console.log(`\nDev server at http://localhost:${webPort} (API on ${apiPort}, hot reload on)\n`);

const shutdown = async () => {
  api.kill();
  await vite.close();
  await stack.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
