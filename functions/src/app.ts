/**
 * Every endpoint group on one app: the local server (`npm start`), the seed and the API tests use
 * it. In the cloud each group is its own Lambda function (modules/<group>/handler.ts), and the
 * OpenAPI document built here is written to a static file at build time.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import packageJson from '../../package.json' with { type: 'json' };
import type { AppEnv } from './core/http/env';
import { errorHandler, notFoundHandler, validationHook } from './core/http/errors';
import { mailBackground } from './core/mail';
import { artifactsApp } from './modules/artifacts/app';
import { artifactsBackground } from './modules/artifacts/background';
import { authApp } from './modules/auth/app';
import { dashboardApp } from './modules/dashboard/app';
import { docsApp } from './modules/docs/app';
import { docsBackground } from './modules/docs/background';
import { enterpriseApp } from './modules/enterprise/app';
import { enterpriseBackground } from './modules/enterprise/background';
import { issuesApp } from './modules/issues/app';
import { issuesBackground } from './modules/issues/background';
import { notificationsApp } from './modules/notifications/app';
import { notificationsBackground } from './modules/notifications/background';
import { pipelinesApp } from './modules/pipelines/app';
import { pipelinesBackground } from './modules/pipelines/background';
import { productsApp } from './modules/products/app';
import { projectsApp } from './modules/projects/app';
import { repositoriesApp } from './modules/repositories/app';
import { repositoriesBackground } from './modules/repositories/background';
import { requirementsApp } from './modules/requirements/app';
import { sprintsApp } from './modules/sprints/app';
import { systemApp } from './modules/system/app';
import { testcasesApp } from './modules/testcases/app';
import { testrunsApp } from './modules/testruns/app';
import { weeklyApp } from './modules/weekly/app';
import { weeklyBackground } from './modules/weekly/background';

export const OPENAPI_PATH = '/api/openapi.json';

const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route('/', authApp)
  .route('/', enterpriseApp)
  .route('/', systemApp)
  .route('/', projectsApp)
  // Before issues: its `pmsProjectIssues/{id}` would also match `repoBranches` and `repoCommits`.
  .route('/', repositoriesApp)
  .route('/', issuesApp)
  .route('/', productsApp)
  .route('/', requirementsApp)
  .route('/', sprintsApp)
  .route('/', testcasesApp)
  .route('/', testrunsApp)
  .route('/', docsApp)
  .route('/', pipelinesApp)
  .route('/', artifactsApp)
  .route('/', weeklyApp)
  .route('/', dashboardApp)
  .route('/', notificationsApp);

api.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
  type: 'apiKey',
  in: 'cookie',
  name: 'sid',
  description: 'The session cookie (`__Host-sid` over https), set by sign-up and sign-in',
});

/** The OpenAPI 3.1 document of every route of every group. */
export function buildOpenApiDocument() {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Workspace API',
      version: packageJson.version,
      description: 'Conventions (envelope, errors, CSRF, sessions): docs/api-conventions.md',
    },
  });
}

let cachedDocument: ReturnType<typeof buildOpenApiDocument> | undefined;

/** Built on first request, not at import: a Lambda cold start should not pay for it. */
function openApiDocument() {
  cachedDocument ??= buildOpenApiDocument();
  return cachedDocument;
}

api.get(OPENAPI_PATH, (c) => c.json(openApiDocument(), 200));
api.onError(errorHandler);
api.notFound(notFoundHandler);

/**
 * The background work of every group (each module's background.ts: jobs and schedules), loaded
 * with the app so the local server's queue and timers know them all (core/jobs/jobs.ts).
 */
export const BACKGROUND = [
  ...issuesBackground,
  ...repositoriesBackground,
  ...docsBackground,
  ...enterpriseBackground,
  ...weeklyBackground,
  ...mailBackground,
  ...notificationsBackground,
  ...pipelinesBackground,
  ...artifactsBackground,
] as const;

export const app = api;
export type AppType = typeof api;
