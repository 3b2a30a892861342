/**
 * `@hono/zod-openapi` for the Lambda bundles ONLY: infra/lib/function-bundling.ts FUNCTION_BUNDLING
 * aliases the package to this file. The local server, the tests, the seed and
 * functions/src/write-openapi.ts use the real package; type-checking always sees the real one.
 *
 * Why: a Lambda never builds the OpenAPI document (the cloud serves a static copy written at build
 * time), but the real module imports the document generator (@asteasolutions/zod-to-openapi) and,
 * on load, calls `extendZodWithOpenApi(z)` with zod's whole namespace. A namespace handed to a
 * function keeps every zod export in the bundle (40 locales, JSON Schema conversion...), which was
 * ~300 KB of each 880 KB function. esbuild can't drop that call, so the module is replaced.
 *
 * What is here is the request path of @hono/zod-openapi 1.6.3 (`OpenAPIHono.openapi`: the
 * validators, the media-type gate, optional bodies, the default hook found through parent apps;
 * `route`, `basePath`, `createRoute`), copied as is; what is left out is the registry and the
 * document. test/infra/bundling.test.ts sends the same requests to a bundled group and to the
 * source one and expects the same answers, and fails when the installed version moves on from
 * ZOD_OPENAPI_VERSION (re-copy `openapi` from node_modules/@hono/zod-openapi/dist/index.mjs).
 */
import { zValidator } from '@hono/zod-validator';
import { type Context, type Env, Hono, type MiddlewareHandler, type Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodType } from 'zod';

export { z } from 'zod';

/** The @hono/zod-openapi version whose request path this file copies. */
export const ZOD_OPENAPI_VERSION = '1.6.3';

const NO_DOCUMENT =
  'The OpenAPI document is not built in a Lambda: it is written at build time (functions/src/write-openapi.ts)';

type Hook = NonNullable<Parameters<typeof zValidator>[2]>;
type Schema = Parameters<typeof zValidator>[1];
type Media = Record<string, { schema?: unknown } | undefined>;

interface RouteInput {
  method: string;
  path: string;
  middleware?: MiddlewareHandler | MiddlewareHandler[];
  hide?: boolean;
  request?: {
    query?: Schema;
    params?: Schema;
    headers?: Schema;
    cookies?: Schema;
    body?: { content?: Media; required?: boolean };
  };
}

// Schemas may carry `.openapi(...)` documentation; here it documents nothing and must not throw.
const zodTypePrototype: { openapi?: unknown } = ZodType.prototype;
zodTypePrototype.openapi ??= function openapi(this: unknown) {
  return this;
};

/** A no-op: the prototype is extended once above, without handing zod's namespace around. */
export function extendZodWithOpenApi(_zod: unknown): void {}

/** Registry calls are accepted and forgotten: there is no document to put them in. */
const registry = {
  definitions: [] as never[],
  register: <T>(_refId: string, schema: T) => schema,
  registerParameter: <T>(_refId: string, schema: T) => schema,
  registerPath: (_route: unknown) => {},
  registerWebhook: (_webhook: unknown) => {},
  registerComponent: (_type: string, _name: string, _component: unknown) => {},
};

export class OpenAPIHono<E extends Env = Env> extends Hono<E> {
  openAPIRegistry = registry;
  defaultHook: Hook | undefined;
  #parentApp: OpenAPIHono<E> | undefined;

  constructor(init?: ConstructorParameters<typeof Hono<E>>[0] & { defaultHook?: Hook }) {
    super(init);
    this.defaultHook = init?.defaultHook;
  }

  #resolveDefaultHook(): Hook | undefined {
    if (this.defaultHook) return this.defaultHook;
    const seen = new Set<OpenAPIHono<E>>([this]);
    let parent = this.#parentApp;
    while (parent && !seen.has(parent)) {
      if (parent.defaultHook) return parent.defaultHook;
      seen.add(parent);
      parent = parent.#parentApp;
    }
    return undefined;
  }

  openapi = (
    { middleware: routeMiddleware, hide: _hide, ...route }: RouteInput,
    handler: unknown,
    hook?: Hook,
  ) => {
    const effectiveHook: Hook =
      hook ??
      ((result, c) => {
        const resolved = this.#resolveDefaultHook();
        return resolved ? resolved(result, c) : undefined;
      });
    const validators: MiddlewareHandler[] = [];
    const request = route.request;
    if (request?.query) validators.push(zValidator('query', request.query, effectiveHook));
    if (request?.params) validators.push(zValidator('param', request.params, effectiveHook));
    if (request?.headers) validators.push(zValidator('header', request.headers, effectiveHook));
    if (request?.cookies) validators.push(zValidator('cookie', request.cookies, effectiveHook));
    const bodyContent = request?.body?.content;
    if (bodyContent) validators.push(...bodyValidators(bodyContent, request?.body?.required, effectiveHook));
    const middleware = routeMiddleware
      ? Array.isArray(routeMiddleware)
        ? routeMiddleware
        : [routeMiddleware]
      : [];
    // biome-ignore lint/suspicious/noExplicitAny: Hono's `on` overloads are typed per handler count
    (this.on as any)(
      [route.method],
      [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')],
      ...middleware,
      ...validators,
      handler,
    );
    return this;
  };

  openapiRoutes = (inputs: { route: RouteInput; handler: unknown; hook?: Hook; addRoute?: boolean }[]) => {
    for (const { route, handler, hook } of inputs.filter(({ addRoute }) => addRoute !== false)) {
      this.openapi(route, handler, hook);
    }
    return this;
  };

  getOpenAPIDocument = (..._args: unknown[]): never => {
    throw new Error(NO_DOCUMENT);
  };
  getOpenAPI31Document = (..._args: unknown[]): never => {
    throw new Error(NO_DOCUMENT);
  };
  doc = (..._args: unknown[]): never => {
    throw new Error(NO_DOCUMENT);
  };
  doc31 = (..._args: unknown[]): never => {
    throw new Error(NO_DOCUMENT);
  };

  // biome-ignore lint/suspicious/noExplicitAny: the real signature's generics are not needed here
  override route(path: string, app: any): any {
    super.route(path, app);
    if (!(app instanceof OpenAPIHono)) return this;
    app.#parentApp ??= this;
    return this;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above
  override basePath(path: string): any {
    const cloned = super.basePath(path);
    const newApp = new OpenAPIHono<E>({ defaultHook: this.defaultHook });
    newApp.router = cloned.router;
    newApp.routes = cloned.routes;
    // Hono keeps these private; @hono/zod-openapi copies them the same way.
    const internal = cloned as unknown as Record<'getPath' | 'errorHandler' | '_basePath', unknown>;
    Object.assign(newApp, {
      getPath: internal.getPath,
      errorHandler: internal.errorHandler,
      _basePath: internal._basePath,
    });
    return newApp;
  }
}

function bodyValidators(bodyContent: Media, required: boolean | undefined, hook: Hook): MiddlewareHandler[] {
  const validators: MiddlewareHandler[] = [];
  const declaredMediaTypes = Object.keys(bodyContent);
  const validatable = (mediaType: string) =>
    isZod(bodyContent[mediaType]?.schema) && (isJSONContentType(mediaType) || isFormContentType(mediaType));
  if (declaredMediaTypes.some(validatable)) {
    validators.push(async (c, next) => {
      const contentType = c.req.header('content-type');
      if (contentType) {
        if (!declaredMediaTypes.some((mediaType) => matchesMediaType(contentType, mediaType)))
          throw new HTTPException(415, { message: 'Unsupported Media Type' });
      } else if (await hasRequestBody(c)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
      await next();
    });
  }
  for (const mediaType of declaredMediaTypes) {
    const schema = bodyContent[mediaType]?.schema;
    if (!isZod(schema)) continue;
    if (isJSONContentType(mediaType))
      validators.push(bodyValidator('json', schema, required, hook, isJSONContentType));
    if (isFormContentType(mediaType))
      validators.push(bodyValidator('form', schema, required, hook, isFormContentType));
  }
  return validators;
}

function bodyValidator(
  target: 'json' | 'form',
  schema: Schema,
  required: boolean | undefined,
  hook: Hook,
  accepts: (contentType: string) => boolean,
): MiddlewareHandler {
  const validator = zValidator(target, schema, hook);
  if (required) return validator;
  return async (c: Context, next: Next) => {
    const contentType = c.req.header('content-type');
    if (contentType && accepts(contentType)) return await validator(c, next);
    c.req.addValidatedData(target, {});
    await next();
  };
}

export const createRoute = <R extends { path: string }>(routeConfig: R) => {
  const route = {
    ...routeConfig,
    getRoutingPath() {
      return routeConfig.path.replaceAll(/\/{(.+?)}/g, '/:$1');
    },
  };
  return Object.defineProperty(route, 'getRoutingPath', { enumerable: false });
};

export const $ = <T>(app: T) => app;
export const defineOpenAPIRoute = <T>(def: T) => def;

function isZod(x: unknown): x is Schema {
  if (!x || typeof x !== 'object') return false;
  const candidate = x as Record<string, unknown>;
  return ['parse', 'safeParse', 'parseAsync', 'safeParseAsync'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

function isJSONContentType(contentType: string) {
  return /^application\/([a-z-.]+\+)?json/i.test(contentType);
}

const jsonRequestRegex = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const multipartRequestRegex = /^multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?$/i;
const urlencodedRequestRegex = /^application\/x-www-form-urlencoded(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

function matchesMediaType(contentType: string, mediaType: string) {
  if (mediaType === '*/*') return true;
  if (isJSONContentType(mediaType)) return jsonRequestRegex.test(contentType);
  if (isFormContentType(mediaType))
    return multipartRequestRegex.test(contentType) || urlencodedRequestRegex.test(contentType);
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType.endsWith('/*')) return essence.startsWith(mediaType.slice(0, -1).toLowerCase());
  return essence === mediaType.toLowerCase();
}

async function hasRequestBody(c: Context) {
  const raw = c.req.raw;
  if (raw.body === null) return false;
  if (raw.bodyUsed) return (await c.req.arrayBuffer()).byteLength > 0;
  const body = raw.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function isFormContentType(contentType: string) {
  const lower = contentType.toLowerCase();
  return lower.startsWith('multipart/form-data') || lower.startsWith('application/x-www-form-urlencoded');
}
