/** Path parameters and tags of the knowledge base's routes. */
import { identifierParam } from '@core/http/params';
import { byIdentifier } from '@core/http/route';
import * as z from 'zod';

export const PMS = '/api/pms/{identifier}';
export const tenant = byIdentifier('identifier');
export const tags = ['knowledge base'];

export const spaceParams = z.object({ identifier: identifierParam });
export const docParams = z.object({
  identifier: identifierParam,
  id: z.string().min(1).max(140).meta({
    description: 'A folder or document id ({space}.{localId}; space: "enterprise" or a project id)',
  }),
});
export const revisionParams = docParams.extend({
  revision: z.coerce
    .number({ error: 'revision must be a number' })
    .int()
    .min(1)
    .meta({ description: 'A revision number (1 is the first)' }),
});
