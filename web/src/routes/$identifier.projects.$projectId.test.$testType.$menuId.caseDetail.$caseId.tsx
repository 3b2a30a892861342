import { createFileRoute } from '@tanstack/react-router';
import { testAreaLoader } from './-components/testcases/case-loader';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, testAreaRoute } from './-components/testcases/test-access';

/** A case in the drawer over the list of one entry (a case module or a sheet). */
export const Route = createFileRoute(
  '/$identifier/projects/$projectId/test/$testType/$menuId/caseDetail/$caseId',
)({
  ...testAreaRoute,
  loader: testAreaLoader,
  component: TestMenuCasePage,
});

function TestMenuCasePage() {
  const { projectId, testType, menuId, caseId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} menuId={menuId} caseId={caseId} />;
}
