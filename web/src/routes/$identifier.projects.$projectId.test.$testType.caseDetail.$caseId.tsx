import { createFileRoute } from '@tanstack/react-router';
import { loadTestArea } from './-components/testcases/case-loader';
import { validateTestSearch } from './-components/testcases/case-search';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, requireTestType } from './-components/testcases/test-access';

/**
 * A case in the drawer over its list (the library's, or a sheet's): the address can be shared,
 * and closing the drawer goes back to the list with its filters.
 */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/caseDetail/$caseId')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateTestSearch,
  beforeLoad: ({ context, params }) => requireTestType(context, params.testType),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause, location }) =>
    loadTestArea(queryClient, { ...params, search: deps, cause, href: location.publicHref }),
  component: TestCasePage,
});

function TestCasePage() {
  const { projectId, testType, caseId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} caseId={caseId} />;
}
