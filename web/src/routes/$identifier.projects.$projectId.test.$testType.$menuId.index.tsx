import { createFileRoute } from '@tanstack/react-router';
import { testAreaLoader } from './-components/testcases/case-loader';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, testAreaRoute } from './-components/testcases/test-access';

/** A part of the test area on one entry: a case module, a sheet or a report. */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/$menuId/')({
  ...testAreaRoute,
  loader: testAreaLoader,
  component: TestMenuPage,
});

function TestMenuPage() {
  const { projectId, testType, menuId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} menuId={menuId} />;
}
