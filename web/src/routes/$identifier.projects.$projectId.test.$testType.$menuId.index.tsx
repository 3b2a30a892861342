import { createFileRoute } from '@tanstack/react-router';
import { loadTestArea } from './-components/testcases/case-loader';
import { validateTestSearch } from './-components/testcases/case-search';
import { TestArea } from './-components/testcases/TestArea';
import { asTestType, requireTestType } from './-components/testcases/test-access';

/** A part of the test area on one entry: a case module, a sheet or a report. */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/$testType/$menuId/')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateTestSearch,
  beforeLoad: ({ context, params }) => requireTestType(context, params.testType),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause, location }) =>
    loadTestArea(queryClient, { ...params, search: deps, cause, href: location.publicHref }),
  component: TestMenuPage,
});

function TestMenuPage() {
  const { projectId, testType, menuId } = Route.useParams();
  return <TestArea testType={asTestType(testType)} projectId={projectId} menuId={menuId} />;
}
