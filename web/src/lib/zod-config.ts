/**
 * zod without eval. On its first object parse zod probes whether `new Function` works, to compile
 * faster parsers; under the Content-Security-Policy (no 'unsafe-eval', infra/lib/security-headers.ts)
 * the probe fails, as it should, but the browser still reports it as a policy violation. zod's
 * `jitless` setting skips the probe and the compiled parsers.
 *
 * Set in the object zod keeps its settings in (`globalThis.__zod_globalConfig`, which every copy
 * of zod shares) before zod loads, rather than with `z.config`: importing zod here would pull part
 * of it into the first script (about 4 KB gzipped), which zod is otherwise kept out of. Imported
 * first by main.tsx; test/browser/content-security-policy.test.ts fails if this stops working.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
