/** Dictionaries (statuses, priorities, modules, tag colours) supplied by the server. */

import { notFound } from '@core/errors';
import { createRouter } from '@core/http/group';
import { failures, ok, ok200, userRoute } from '@core/http/route';
import { DICTIONARIES } from '@shared/domain/dictionaries';
import { DictEntrySchema } from '@shared/schemas/system';
import * as z from 'zod';

const dictRoute = userRoute({
  method: 'get',
  path: '/api/system/dict/data/type/{key}',
  tags: ['system'],
  summary: 'The entries of one dictionary, e.g. pms_priority',
  request: { params: z.object({ key: z.string().min(1).max(64).meta({ description: 'Dictionary key' }) }) },
  responses: { ...ok200(z.array(DictEntrySchema), 'The entries, in order'), ...failures(401, 404) },
});

export const dictionaryRoutes = createRouter().openapi(dictRoute, (c) => {
  const { key } = c.req.valid('param');
  const entries = Object.hasOwn(DICTIONARIES, key) ? DICTIONARIES[key] : undefined;
  if (!entries) throw notFound(`There is no dictionary ${key}`);
  return ok(c, entries);
});
