/**
 * One fresh process of the cold-start bench (scripts/bench/cold-start.ts), standing in for a cold
 * Lambda instance: it loads the app, signs in (not measured: a cold instance's caller already has
 * a session), then times its first list page of the project and counts what that page read from
 * DynamoDB (round trips, items, bytes) and from S3 (the snapshot's bytes).
 */
import { appClient } from './app-client';
import { meterDynamo } from './dynamo-meter';

const env = process.env;
const loadStarted = performance.now();
const { app } = await import('../../../functions/src/app');
const { indexStats } = await import('../../../functions/src/modules/issues/project-index');
const loadMs = performance.now() - loadStarted;
const meter = await meterDynamo();
const call = appClient(app);
const signIn = await call('POST', '/api/auth/signin', {
  login: env.BENCH_LOGIN,
  password: env.BENCH_PASSWORD,
});
if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);

meter.reset();
const started = performance.now();
const list = await call(
  'GET',
  `${env.BENCH_PMS}/pmsProjectIssues/list?pmsProjectId=${env.BENCH_PROJECT}&pageSize=20`,
);
const firstListMs = performance.now() - started;
if (list.status !== 200) throw new Error(`list failed: ${list.status} ${JSON.stringify(list.body)}`);

process.send!(
  {
    loadMs,
    firstListMs,
    total: list.body.data.total as number,
    calls: meter.calls,
    items: meter.items,
    bytes: meter.bytes,
    fromSnapshot: indexStats.snapshotLoads > 0,
  },
  () => process.exit(0),
);
