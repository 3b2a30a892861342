/**
 * Path parameters. They only document the paths: the tenant check resolves the enterprise from
 * the raw parameter before validation, and unknown ids simply are not found.
 */
import * as z from 'zod';

const segment = (description: string) => z.string().min(1).max(64).meta({ description });

export const identifierParam = segment('The enterprise identifier, e.g. acme');
export const enterpriseIdParam = segment('The enterprise id (also its deptId)');
export const userIdParam = segment('A user id (gitlinkUserId is the same id)');
export const roleIdParam = segment('A role id');

/**
 * The path of a tenant route on one thing, `…/{identifier}/…/{id}`: the enterprise identifier and
 * the thing's id, described for the document (`tenantIdParams('A plan id')`).
 */
export const tenantIdParams = (idDescription: string) =>
  z.object({ identifier: identifierParam, id: segment(idDescription) });
