/**
 * The package clients' protocols under `/api/artifacts/{identifier}/{repo}/...`: npm, Maven 2,
 * PyPI and raw, each answered by its format's protocol (protocols/). One path serves every
 * format, because the clients choose the paths; the repository's format says what they mean.
 * Callers present an access token (protocols/access.ts); errors keep the API's shape and add
 * `error`, the field npm prints.
 */

import { AppError } from '@core/errors';
import type { AppEnv } from '@core/http/env';
import { errorHandler } from '@core/http/errors';
import { createRouter } from '@core/http/group';
import { identifierParam } from '@core/http/params';
import { type Access, failures, SESSION_SECURITY } from '@core/http/route';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as z from 'zod';
import { isMavenMetadata } from '../formats/maven2';
import { CLIENT_PERMISSIONS, type ClientNeed, clientCall, readCall } from '../protocols/access';
import { readFile, removeFile, writeFile } from '../protocols/files';
import { addTag, deleteTag, putPackument, readPackument, readTags, readTarball } from '../protocols/npm';
import { tags } from './params';

export const ARTIFACTS = '/api/artifacts/{identifier}/{repo}';

const params = z.object({
  identifier: identifierParam,
  repo: z.string().min(1).max(64).meta({ description: 'An artifact repository name' }),
});
const pathParams = params.extend({
  path: z.string().min(1).meta({
    description:
      'A path in the repository, slashes included: an npm package name (`@scope%2fname`) or tarball, a Maven or raw file, a PyPI `simple/` page or file',
  }),
});
const packageParams = params.extend({
  package: z.string().min(1).max(214).meta({ description: 'An npm package name (`@scope%2fname`)' }),
});
const tagParams = packageParams.extend({
  tag: z.string().min(1).max(64).meta({ description: 'An npm dist-tag' }),
});
const anyBody = (description: string) => ({
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
  description,
  required: true,
});
const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
});

interface ClientRouteConfig {
  method: 'get' | 'put' | 'post' | 'delete';
  path: string;
  need: ClientNeed;
  summary: string;
  request: Parameters<typeof createRoute>[0]['request'];
  status: 200 | 201;
}

/** A documented protocol route, with the permission its call checks (access.ts enforces it). */
function clientRoute(route: ClientRouteConfig) {
  return createRoute({
    method: route.method,
    path: route.path,
    tags,
    summary: route.summary,
    request: route.request,
    responses: {
      [route.status]: answer(route.status === 201 ? 'Stored' : 'The answer of the protocol'),
      ...(route.method === 'get' ? { 302: { description: "A redirect to the file's bytes" } } : {}),
      ...failures(400, 401, 403, 404, 409, 413),
    },
    'x-access': 'permission' as Access,
    'x-permission': CLIENT_PERMISSIONS[route.need],
    security: SESSION_SECURITY,
  });
}

const pathOf = (c: Context) => c.req.param('path') ?? '';

/** The answer to a refused call: the API's error shape, plus npm's `error`. */
function protocolError(error: unknown, c: Context): Response | Promise<Response> {
  const answer = errorHandler(error as Error, c) as Response;
  if (!(error instanceof AppError)) return answer;
  return c.json(
    { success: false, errorCode: error.code, errorMessage: error.message, error: error.message },
    error.status,
    Object.fromEntries(answer.headers),
  );
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;
const guarded =
  (handler: Handler): Handler =>
  async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      return protocolError(error, c);
    }
  };

// ---- reads ------------------------------------------------------------------------------------

async function read(c: Context<AppEnv>): Promise<Response> {
  const { repository } = await readCall(c);
  const path = pathOf(c);
  switch (repository.format) {
    case 'npm':
      return path.includes('/-/') ? readTarball(c, repository, path) : readPackument(c, repository, path);
    case 'maven2':
      // The metadata generator loads on the first metadata read.
      return isMavenMetadata(path)
        ? (await import('../protocols/maven')).readMavenMetadata(c, repository, path)
        : readFile(c, repository, path);
    case 'pypi':
      // PyPI's index and upload load on its first call: npm and Maven are the busy clients.
      return path.startsWith('simple')
        ? (await import('../protocols/pypi')).readSimpleIndex(c, repository, path)
        : readFile(c, repository, path);
    case 'raw':
      return readFile(c, repository, path);
  }
}

async function write(c: Context<AppEnv>): Promise<Response> {
  const call = await clientCall(c, 'write');
  const path = pathOf(c);
  switch (call.repository.format) {
    case 'npm':
      return putPackument(c, call, path);
    case 'maven2':
      // Maven sends its own metadata after the files; the library generates it from what is stored.
      return isMavenMetadata(path) ? c.body(null, 201) : writeFile(c, call, path);
    case 'pypi':
      throw new AppError(
        400,
        `path: Upload to ${call.repository.name} with twine (a POST to the repository address)`,
      );
    case 'raw':
      return writeFile(c, call, path);
  }
}

async function remove(c: Context<AppEnv>): Promise<Response> {
  const call = await clientCall(c, 'remove');
  const path = pathOf(c);
  // npm unpublish names what it deletes with the packument's revision.
  if (call.repository.format === 'npm' && path.includes('/-rev/')) {
    return (await import('../protocols/npm-changes')).unpublish(c, call, path);
  }
  return removeFile(c, call, path);
}

// npm's account, search and maintenance calls are rare beside installs and publishes: their code
// (and the sign-in's password check) loads on first use, outside the function's cold start.

/** An npm call on a repository of another format is 400 naming the format. */
function requireNpm(repository: { name: string; format: string }) {
  if (repository.format !== 'npm') {
    throw new AppError(400, `repository: ${repository.name} holds ${repository.format}, not npm`);
  }
}

async function upload(c: Context<AppEnv>): Promise<Response> {
  const call = await clientCall(c, 'write');
  if (call.repository.format !== 'pypi') {
    throw new AppError(
      400,
      `repository: ${call.repository.name} holds ${call.repository.format}; POST uploads are PyPI's`,
    );
  }
  return (await import('../protocols/pypi')).uploadDistribution(c, call);
}

// ---- the routes -------------------------------------------------------------------------------

const DIST_TAGS = `${ARTIFACTS}/-/package/{package}/dist-tags`;

const ROUTES: [ReturnType<typeof clientRoute>, Handler][] = [
  // npm's own calls first: the file paths below would match them too.
  [
    clientRoute({
      method: 'put',
      path: `${ARTIFACTS}/-/user/{user}`,
      need: 'read',
      summary:
        'npm login: `org.couchdb.user:{login}` with `{ name, password }` of an account that may read here; answers a new access token of write scope',
      request: {
        params: params.extend({
          user: z.string().min(1).max(300).meta({ description: '`org.couchdb.user:{login or email}`' }),
        }),
        body: {
          content: {
            'application/json': {
              schema: z.object({ name: z.string(), password: z.string() }).passthrough(),
            },
          },
          required: true,
        },
      },
      status: 201,
    }),
    async (c) => (await import('../protocols/npm-account')).npmLogin(c, c.req.param('user') ?? ''),
  ],
  [
    clientRoute({
      method: 'get',
      path: `${ARTIFACTS}/-/whoami`,
      need: 'read',
      summary: "npm whoami: the login of the access token's owner",
      request: { params },
      status: 200,
    }),
    async (c) => (await import('../protocols/npm-account')).whoami(c, await clientCall(c, 'read')),
  ],
  [
    clientRoute({
      method: 'get',
      path: `${ARTIFACTS}/-/v1/search`,
      need: 'read',
      summary: 'npm search: packages whose name, description or keywords hold every word of `text`',
      request: {
        params,
        query: z.object({
          text: z.string().max(200).optional(),
          size: z.string().optional().meta({ description: 'At most 250; 20 by default' }),
          from: z.string().optional(),
        }),
      },
      status: 200,
    }),
    async (c) => {
      const { repository } = await readCall(c);
      requireNpm(repository);
      return (await import('../protocols/npm-search')).searchPackages(c, repository);
    },
  ],
  [
    clientRoute({
      method: 'get',
      path: DIST_TAGS,
      need: 'read',
      summary: "npm dist-tag ls: a package's tags and their versions",
      request: { params: packageParams },
      status: 200,
    }),
    async (c) => readTags(c, (await readCall(c)).repository, c.req.param('package') ?? ''),
  ],
  [
    clientRoute({
      method: 'put',
      path: `${DIST_TAGS}/{tag}`,
      need: 'write',
      summary: 'npm dist-tag add: point a tag at a version (the body is the version as a JSON string)',
      request: {
        params: tagParams,
        body: { content: { 'application/json': { schema: z.string() } }, required: true },
      },
      status: 201,
    }),
    async (c) =>
      addTag(c, await clientCall(c, 'write'), c.req.param('package') ?? '', c.req.param('tag') ?? ''),
  ],
  [
    clientRoute({
      method: 'delete',
      path: `${DIST_TAGS}/{tag}`,
      need: 'write',
      summary: 'npm dist-tag rm: remove a tag (not latest)',
      request: { params: tagParams },
      status: 200,
    }),
    async (c) =>
      deleteTag(c, await clientCall(c, 'write'), c.req.param('package') ?? '', c.req.param('tag') ?? ''),
  ],
  [
    clientRoute({
      method: 'post',
      path: ARTIFACTS,
      need: 'write',
      summary: "PyPI upload (twine's multipart POST with :action=file_upload, content and the digests)",
      request: {
        params,
        body: {
          content: { 'multipart/form-data': { schema: z.record(z.string(), z.unknown()) } },
          required: true,
        },
      },
      status: 201,
    }),
    upload,
  ],
  [
    clientRoute({
      method: 'get',
      path: `${ARTIFACTS}/{path}`,
      need: 'read',
      summary:
        'Read a path: an npm packument (abbreviated for application/vnd.npm.install-v1+json) or tarball, a Maven file, checksum or maven-metadata.xml, a PyPI simple page or file, a raw file (HEAD: its headers)',
      request: { params: pathParams },
      status: 200,
    }),
    read,
  ],
  [
    clientRoute({
      method: 'put',
      path: `${ARTIFACTS}/{path}`,
      need: 'write',
      summary:
        'Publish: npm publish (the packument with its tarball), a Maven or raw file; checksum files are checked. npm deprecate and unpublish of a version: the packument without a tarball (`{name}` or `{name}/-rev/{rev}`)',
      request: { params: pathParams, body: anyBody('The file, or the npm packument') },
      status: 201,
    }),
    write,
  ],
  [
    clientRoute({
      method: 'delete',
      path: `${ARTIFACTS}/{path}`,
      need: 'remove',
      summary:
        'Delete a file that no snapshot and no promotion holds; npm unpublish: `{name}/-rev/{rev}` (the package) or `{tarball}/-rev/{rev}`',
      request: { params: pathParams },
      status: 200,
    }),
    remove,
  ],
];

/**
 * The Hono paths of a documented route: as documented, and for `{path}` also the form that takes
 * the rest of the address, slashes and all (`:path{.+}`; audit-scope.ts names both `{path}`).
 */
function honoPaths(path: string): string[] {
  const plain = path.replace(/\{(\w+)\}/g, ':$1');
  return path.includes('{path}') ? [plain, plain.replace(':path', ':path{.+}')] : [plain];
}

export const clientRoutes = createRouter();
for (const [route, handler] of ROUTES) {
  clientRoutes.openAPIRegistry.registerPath(route);
  clientRoutes.on(route.method.toUpperCase(), honoPaths(route.path), guarded(handler));
}
