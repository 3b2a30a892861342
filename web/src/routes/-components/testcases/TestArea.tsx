import { Skeleton, Stack } from '@mantine/core';
import type { TestType } from '@shared/domain/testing';
import { lazy, Suspense } from 'react';
import { CaseLibrary } from './CaseLibrary';

// The sheets and reports load when opened: the case library's chunk does not carry them.
const SheetsPage = lazy(() => import('../testsheets/SheetsPage').then((m) => ({ default: m.SheetsPage })));
const ReportsPage = lazy(() =>
  import('../testreports/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);

export interface TestAreaProps {
  testType: TestType;
  projectId: string;
  /** A case module, a sheet or a report, depending on the part. */
  menuId?: string;
  /** A case (or a sheet's case) opened in the drawer. */
  caseId?: string;
}

function AreaSkeleton() {
  return (
    <Stack gap="sm" aria-busy aria-label="Loading">
      <Skeleton h={36} w="40%" />
      <Skeleton h={240} />
    </Stack>
  );
}

/** One part of a project's test area: the case library, the test sheets or the reports. */
export function TestArea({ testType, projectId, menuId, caseId }: TestAreaProps) {
  if (testType === 'case') return <CaseLibrary projectId={projectId} moduleId={menuId} caseId={caseId} />;
  return (
    <Suspense fallback={<AreaSkeleton />}>
      {testType === 'sheet' ? (
        <SheetsPage projectId={projectId} menuId={menuId} caseId={caseId} />
      ) : (
        <ReportsPage projectId={projectId} menuId={menuId} />
      )}
    </Suspense>
  );
}
