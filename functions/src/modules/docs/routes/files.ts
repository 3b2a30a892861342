/** Files: start an upload (presigned POST), confirm it, and the download address (section 7). */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import {
  byIdPrefix,
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  tenantRoutes,
} from '@core/http/route';
import {
  DocDetailSchema,
  DownloadQuerySchema,
  DownloadSchema,
  UploadBodySchema,
  UploadTicketSchema,
} from '@shared/schemas/docs';
import * as z from 'zod';
import { confirmUpload, downloadFile, startUpload } from '../files';
import { docParams, PMS, spaceParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);
const fileRoute = tenantRoutes(byIdPrefix('identifier'), tags);

const startRoute = route.post(`${PMS}/docs/files`, 'docs:doc:add', {
  summary:
    'Start an upload: a pending file and a presigned POST for it, limited to the largest size (default 100 MB)',
  request: { params: spaceParams, body: jsonBody(UploadBodySchema) },
  responses: {
    ...created201(UploadTicketSchema, 'Where to upload'),
    ...failures(400, 401, 403, 404, 409, 413),
  },
});

const confirmRoute = route.post(`${PMS}/docs/files/{id}/confirm`, 'docs:doc:add', {
  summary: "Check an uploaded file's size and bytes and make it visible (a mismatch deletes it: 400)",
  request: { params: docParams },
  responses: { ...ok200(DocDetailSchema, 'The file'), ...failures(400, 401, 403, 404, 409, 413) },
});

const downloadParams = z.object({
  identifier: z
    .string()
    .min(3)
    .max(220)
    .meta({ description: "A file's identifier, `{enterpriseId}.{docId}` (FileInfo.identifier)" }),
});

const downloadRoute = fileRoute.get('/api/file/common/downloadByIdentifier/{identifier}', 'docs:doc:list', {
  summary: 'A presigned address of a file, valid five minutes; redirect=1 answers 302 to it (for images)',
  request: { params: downloadParams, query: DownloadQuerySchema },
  responses: {
    ...ok200(DownloadSchema, 'Where to fetch the file'),
    302: { description: 'redirect=1: to the presigned address' },
    ...failures(400, 401, 403, 404),
  },
});

export const fileRoutes = createRouter()
  .openapi(startRoute, async (c) => created(c, await startUpload(c.var.tenant, c.req.valid('json'))))
  .openapi(confirmRoute, async (c) => ok(c, await confirmUpload(c.var.tenant, pathId(c))))
  .openapi(downloadRoute, async (c) => {
    const query = c.req.valid('query');
    const answer = await downloadFile(
      c.var.tenant,
      c.req.valid('param').identifier,
      query.disposition ?? 'attachment',
    );
    if (query.redirect === '1') return c.redirect(answer.url, 302);
    return ok(c, answer);
  });
