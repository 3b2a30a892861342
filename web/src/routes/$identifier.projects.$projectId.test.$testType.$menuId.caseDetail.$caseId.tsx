import { createFileRoute } from '@tanstack/react-router';
import { loadTestArea } from './-components/testcases/case-loader';
import { validateTestSearch } from './-components/testcases/case-search';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, requireTestType } from './-components/testcases/test-access';

/** A case in the drawer over the list of one entry (a case module or a sheet). */
export const Route = createFileRoute(
  '/$identifier/projects/$projectId/test/$testType/$menuId/caseDetail/$caseId',
)({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateTestSearch,
  beforeLoad: ({ context, params }) => requireTestType(context, params.testType),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause, location }) =>
    loadTestArea(queryClient, { ...params, search: deps, cause, href: location.publicHref }),
  component: TestMenuCasePage,
});

function TestMenuCasePage() {
  const { projectId, testType, menuId, caseId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} menuId={menuId} caseId={caseId} />;
}
