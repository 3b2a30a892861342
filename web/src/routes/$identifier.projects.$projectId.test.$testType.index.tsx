import { createFileRoute } from '@tanstack/react-router';
import { loadTestArea } from './-components/testcases/case-loader';
import { validateTestSearch } from './-components/testcases/case-search';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, requireTestType } from './-components/testcases/test-access';

/** A part of the test area: the case library (all cases), the sheets overview or the reports list. */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateTestSearch,
  beforeLoad: ({ context, params }) => requireTestType(context, params.testType),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause, location }) =>
    loadTestArea(queryClient, { ...params, search: deps, cause, href: location.publicHref }),
  component: TestPage,
});

function TestPage() {
  const { projectId, testType } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} />;
}
