/** Path parameters and tags of the weekly-report routes. */
import { identifierParam } from '@core/http/params';
import { byIdentifier } from '@core/http/route';
import * as z from 'zod';

export const BASE = '/api/pms/{identifier}/pmsProjectWeeklyReport';
export const tenant = byIdentifier('identifier');
export const tags = ['weekly reports'];

export const params = z.object({ identifier: identifierParam });
export const reportParams = params.extend({
  id: z.string().min(1).max(200).meta({ description: 'A memberWeeklyId: {projectId}.{weekStart}-{userId}' }),
});
export const templateParams = params.extend({
  id: z.string().min(1).max(64).meta({ description: 'A template id' }),
});
