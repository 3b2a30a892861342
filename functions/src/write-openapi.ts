/**
 * Writes the OpenAPI document to a file, for the cloud, where no single Lambda holds every group:
 * `tsx functions/src/write-openapi.ts web/dist/api/openapi.json` (CloudFront then serves it at
 * /api/openapi.json from the web bucket).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from './app';

const target = resolve(process.argv[2] ?? 'web/dist/api/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote the OpenAPI document to ${target}`);
