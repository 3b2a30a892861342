/**
 * Set-up for the test-management tests, through the API: cases, case modules and case tags.
 * `casesBase(enterprise)` is `/api/pms/{identifier}/pmsProjectTestcase`; the other bases add
 * `Module`, `Tag` or `Type` to it.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { CaseDetail, CaseModule, CaseRow, CaseTag } from '@shared/schemas/testcases';
import { expectStatus, type TestUser, unique } from './helpers';

export const casesBase = (enterprise: Pick<Enterprise, 'enterpriseIdentifier'>) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProjectTestcase`;
export const caseModulesBase = (enterprise: Pick<Enterprise, 'enterpriseIdentifier'>) =>
  `${casesBase(enterprise)}Module`;
export const caseTagsBase = (enterprise: Pick<Enterprise, 'enterpriseIdentifier'>) =>
  `${casesBase(enterprise)}Tag`;

/** Where the case calls go: a team (its enterprise) or a cases base path itself. */
export type CasesAt = string | { enterprise: Pick<Enterprise, 'enterpriseIdentifier'> };
const baseOf = (at: CasesAt) => (typeof at === 'string' ? at : casesBase(at.enterprise));

/** Creates a case in the project; `extra` overrides or adds body fields (steps, moduleId, specIds...). */
export async function createCase(
  actor: TestUser,
  at: CasesAt,
  projectId: string,
  extra: Record<string, unknown> = {},
): Promise<CaseDetail> {
  const res = await actor.client.post<CaseDetail>(baseOf(at), {
    pmsProjectId: projectId,
    title: unique('Case '),
    ...extra,
  });
  return expectStatus(res, 201).data;
}

export async function getCase(actor: TestUser, at: CasesAt, caseId: string): Promise<CaseDetail> {
  return expectStatus(await actor.client.get<CaseDetail>(`${baseOf(at)}/${caseId}`), 200).data;
}

/** The project's cases as the list shows them (one page of up to 100), with optional filters. */
export async function listCases(
  actor: TestUser,
  at: CasesAt,
  projectId: string,
  filters: Record<string, string | number | boolean> = {},
): Promise<{ rows: CaseRow[]; total: number }> {
  const query = new URLSearchParams({ pmsProjectId: projectId, pageSize: '100' });
  for (const [name, value] of Object.entries(filters)) query.set(name, String(value));
  const res = await actor.client.get<{ rows: CaseRow[]; total: number }>(`${baseOf(at)}/list?${query}`);
  return expectStatus(res, 200).data;
}

export async function createCaseModule(
  actor: TestUser,
  enterprise: Pick<Enterprise, 'enterpriseIdentifier'>,
  projectId: string,
  name = unique('Module '),
  root_id: string | null = null,
): Promise<CaseModule> {
  const res = await actor.client.post<CaseModule>(caseModulesBase(enterprise), {
    pmsProjectId: projectId,
    name,
    root_id,
  });
  return expectStatus(res, 201).data;
}

export async function createCaseTag(
  actor: TestUser,
  enterprise: Pick<Enterprise, 'enterpriseIdentifier'>,
  name = unique('tag'),
): Promise<CaseTag> {
  const res = await actor.client.post<CaseTag>(caseTagsBase(enterprise), { name, color: 'blue' });
  return expectStatus(res, 201).data;
}
