/**
 * Spreadsheets of the case library: `pmsProjectTestcase` download, partDownload and upload
 * (docs/api-conventions.md, "Test management"). Downloads answer the .xlsx bytes themselves,
 * not the JSON envelope; the upload is multipart/form-data (the CSRF and body-size rules of
 * functions/src/http let exactly this path take one, up to MAX_UPLOAD_BYTES).
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import { byIdentifier, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { MAX_UPLOAD_BYTES } from '@shared/domain/testing';
import { IdSchema } from '@shared/schemas/common';
import {
  CasePartDownloadBodySchema,
  ProjectQuerySchema,
  UploadReportSchema,
} from '@shared/schemas/testcases';
import type { Context } from 'hono';
import * as z from 'zod';
import { downloadCases, uploadCases } from '../import';

const BASE = '/api/pms/{identifier}/pmsProjectTestcase';
const tags = ['testcases'];
const tenant = byIdentifier('identifier');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const params = z.object({ identifier: identifierParam });

const workbook = (description: string) => ({
  200: {
    description,
    content: { [XLSX_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
  },
});

const UploadFormSchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  /** The handler checks the rest: .xlsx or .csv, at most MAX_UPLOAD_BYTES (413). */
  file: z
    .custom<File>((value) => value instanceof File, { error: 'Please enter file' })
    .meta({
      type: 'string',
      format: 'binary',
      description: `An .xlsx or .csv file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
    }),
});

const route = tenantRoutes(tenant, tags);

const downloadRoute = route.get(`${BASE}/download`, 'test:case:import', {
  summary: 'Every case of the project as an .xlsx file (the file itself, not the envelope)',
  request: { params, query: ProjectQuerySchema },
  responses: { ...workbook('The .xlsx file'), ...failures(400, 401, 403, 404) },
});

const partDownloadRoute = route.post(`${BASE}/partDownload`, 'test:case:import', {
  summary: 'The cases given (all of the project) as an .xlsx file',
  request: { params, body: jsonBody(CasePartDownloadBodySchema) },
  responses: { ...workbook('The .xlsx file'), ...failures(400, 401, 403, 404) },
});

const uploadRoute = route.post(`${BASE}/upload`, 'test:case:import', {
  summary: 'Import an .xlsx or .csv file: valid rows create or update cases, refused rows are reported',
  request: {
    params,
    body: { content: { 'multipart/form-data': { schema: UploadFormSchema } }, required: true },
  },
  responses: { ...ok200(UploadReportSchema, 'What the upload did'), ...failures(400, 401, 403, 404, 413) },
});

/**
 * The workbook as an attachment. (Typed `never` like `ok()`: the route's declared answer is the
 * binary content, which Hono's typed responses do not model.)
 */
function sendWorkbook(c: Context, file: { fileName: string; bytes: Buffer }): never {
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  }) as never;
}

export const caseSpreadsheetRoutes = createRouter()
  .openapi(downloadRoute, async (c) =>
    sendWorkbook(c, await downloadCases(enterpriseOf(c), c.req.valid('query').pmsProjectId)),
  )
  .openapi(partDownloadRoute, async (c) => {
    const body = c.req.valid('json');
    return sendWorkbook(c, await downloadCases(enterpriseOf(c), body.pmsProjectId, body.ids));
  })
  .openapi(uploadRoute, async (c) => {
    const form = c.req.valid('form');
    const { file } = form;
    const report = await uploadCases(enterpriseOf(c), callerOf(c), form.pmsProjectId, {
      name: file.name,
      size: file.size,
      bytes: () => file.arrayBuffer(),
    });
    return ok(c, report);
  });
