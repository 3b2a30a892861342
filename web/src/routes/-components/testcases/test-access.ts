/**
 * Who may open which part of the test area (`/projects/{id}/test/{testType}`). Plain data and
 * guards: the routes' beforeLoad runs in the first script, so no icons, components or queries here.
 */
import { TEST_TYPES, type TestType } from '@shared/domain/testing';
import type { AccessMap } from '@shared/permissions/access';
import { hasPermission, type Principal } from '@shared/permissions/matcher';
import { notFound, redirect } from '@tanstack/react-router';
import { type CaseSearch, validateTestSearch } from './case-search';

export const TEST_AREAS = [
  { testType: 'case', label: 'Case library', permission: 'test:case:list' },
  { testType: 'sheet', label: 'Test sheets', permission: 'test:sheet:list' },
  { testType: 'report', label: 'Reports', permission: 'test:report:list' },
] as const satisfies readonly { testType: TestType; label: string; permission: string }[];

/** Any of these opens the area (the project's "Tests" tab). */
export const TEST_LIST_PERMISSIONS = TEST_AREAS.map((area) => area.permission);

/** What the enterprise layout puts in every route's context. */
interface GuardContext {
  access: AccessMap;
  me: Principal;
  enterprise: { ownerId?: string | null };
}

const can = (context: GuardContext, permission: string | readonly string[]) =>
  hasPermission(context.me, permission, context.enterprise.ownerId);

/** The area needs one of the three list permissions; without any the user gets /403. */
export function requireTestAccess(context: GuardContext): void {
  if (!can(context, TEST_LIST_PERMISSIONS)) throw redirect({ to: '/403' });
}

/** The `{testType}` segment as a TestType; anything else is a page that does not exist. */
export function asTestType(value: string): TestType {
  if (!(TEST_TYPES as readonly string[]).includes(value)) throw notFound();
  return value as TestType;
}

/** A known part of the test area that the user may list; otherwise 404 or /403. */
export function requireTestType(context: GuardContext, value: string): TestType {
  const testType = asTestType(value);
  const area = TEST_AREAS.find((entry) => entry.testType === testType);
  if (area && !can(context, area.permission)) throw redirect({ to: '/403' });
  return testType;
}

/** Where `/test` leads: the case library, or the first part the user may see. */
export function firstTestArea(context: GuardContext): TestType {
  return TEST_AREAS.find((area) => can(context, area.permission))?.testType ?? 'case';
}

/**
 * What every route of the test area declares before its loader: the search it keeps, the guard on
 * its `{testType}` and the loader's deps (the search).
 */
export const testAreaRoute = {
  validateSearch: validateTestSearch,
  beforeLoad: ({ context, params }: { context: GuardContext; params: { testType: string } }) =>
    requireTestType(context, params.testType),
  loaderDeps: ({ search }: { search: CaseSearch }) => search,
};
