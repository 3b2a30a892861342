import { createFileRoute } from '@tanstack/react-router';
import { testAreaLoader } from './-components/testcases/case-loader';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, testAreaRoute } from './-components/testcases/test-access';

/**
 * A case in the drawer over its list (the library's, or a sheet's): the address can be shared,
 * and closing the drawer goes back to the list with its filters.
 */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/caseDetail/$caseId')({
  ...testAreaRoute,
  loader: testAreaLoader,
  component: TestCasePage,
});

function TestCasePage() {
  const { projectId, testType, caseId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} caseId={caseId} />;
}
