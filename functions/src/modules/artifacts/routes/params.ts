/** Path parameters and tags of the artifact library's management routes. */
import { identifierParam } from '@core/http/params';
import { byIdentifier } from '@core/http/route';
import * as z from 'zod';

export const REPOSITORIES = '/api/pms/{identifier}/pmsProductLibraryRepositories';
export const LIBRARY = '/api/pms/{identifier}/pmsProductLibrary';
export const tenant = byIdentifier('identifier');
export const tags = ['artifact library'];

export const params = z.object({ identifier: identifierParam });
export const idParams = params.extend({
  id: z.string().min(1).max(64).meta({ description: 'An artifact repository id' }),
});
export const nameParams = params.extend({
  name: z.string().min(1).max(64).meta({ description: 'An artifact repository name' }),
});
export const repositoryParams = params.extend({
  repoId: z.string().min(1).max(64).meta({ description: 'An artifact repository id' }),
});
export const componentParams = repositoryParams.extend({
  componentId: z.string().min(1).max(64).meta({ description: 'A component id' }),
});
export const uploadParams = repositoryParams.extend({
  uploadId: z.string().min(1).max(64).meta({ description: 'A presigned upload id' }),
});
