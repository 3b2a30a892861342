import { createFileRoute } from '@tanstack/react-router';
import { testAreaLoader } from './-components/testcases/case-loader';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, testAreaRoute } from './-components/testcases/test-access';

/** A part of the test area: the case library (all cases), the sheets overview or the reports list. */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/')({
  ...testAreaRoute,
  loader: testAreaLoader,
  component: TestPage,
});

function TestPage() {
  const { projectId, testType } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} />;
}
