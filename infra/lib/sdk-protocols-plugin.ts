/**
 * An esbuild plugin for the functions' split build (function-bundling.ts splitBuildOptions): the
 * AWS SDK clients that speak JSON (DynamoDB, SQS, CodeBuild, …) get a copy of the barrel
 * `@aws-sdk/core/protocols` without its XML and query protocols.
 *
 * Why: esbuild puts a file into the chunks of every entry that reaches it through an import, used
 * or not. Every cold start imports the barrel (through the DynamoDB client), and the barrel
 * re-exports the XML protocol, which the S3 client needs. Where S3 loads lazily (core/storage),
 * the XML files stay alive for its chunk and land in a chunk the handler imports statically: 14 KB
 * on each cold start that never touches S3. With the slim barrel only the S3 client reaches them,
 * so they travel with it. A JSON client that ever imports an XML or query name fails the build
 * ("No matching export"), never the running function.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { REPO_ROOT } from './paths';

const BARREL = '@aws-sdk/core/protocols';
/** The importers that need the whole barrel: the S3 client and its protocol speak XML. */
const XML_IMPORTERS = /[\\/]@aws-sdk[\\/](client-s3|middleware-sdk-s3)[\\/]/;
/** The barrel's lines that re-export a protocol the JSON clients never use. */
const NOT_JSON = /from "\.\/(xml|query)\//;
const NAMESPACE = 'sdk-json-protocols';

/** The plugin; see the file's comment. */
export function jsonProtocolsPlugin(): Plugin {
  return {
    name: 'sdk-json-protocols',
    setup(build) {
      // Resolved once a build: every JSON client of the function imports the same file.
      const barrel = esmBarrel();
      build.onResolve({ filter: /^@aws-sdk\/core\/protocols$/ }, (args) =>
        XML_IMPORTERS.test(args.importer) ? undefined : { path: barrel, namespace: NAMESPACE },
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path }) => {
        const lines = readFileSync(path, 'utf8').split('\n');
        return {
          contents: lines.filter((line) => !NOT_JSON.test(line)).join('\n'),
          resolveDir: dirname(path),
        };
      });
    },
  };
}

/** The barrel's ES module build, the one `mainFields: ['module', …]` picks. */
function esmBarrel(): string {
  const cjs = createRequire(join(REPO_ROOT, 'package.json')).resolve(BARREL);
  const esm = cjs.replace(/dist-cjs([\\/]submodules[\\/]protocols[\\/]index\.js)$/, 'dist-es$1');
  if (esm === cjs) throw new Error(`sdk-json-protocols: ${BARREL} moved (${cjs}); update the plugin`);
  return esm;
}
