import { createFileRoute, redirect } from '@tanstack/react-router';
import { firstTestArea } from './-components/testcases/test-access';

/** The test area opens on the case library (or the first part the user may see). */
export const Route = createFileRoute('/$identifier/projects/$projectId/test/')({
  beforeLoad: ({ context, params }) => {
    throw redirect({
      to: '/$identifier/projects/$projectId/test/$testType',
      params: { ...params, testType: firstTestArea(context) },
      replace: true,
    });
  },
});
