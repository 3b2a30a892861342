import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { DefinitionCheckPage } from './-components/pipelines/DefinitionCheckPage';

/**
 * `/{identifier}/pipeline/test` (spec section 2): try a definition before it is saved, checked
 * against the enterprise's action nodes as a save would be (docs/pipelines.md "Pages"). The file
 * name escapes `test` so the test runner does not take the route for a test file.
 */
export const Route = createFileRoute('/$identifier/pipeline/test')({
  beforeLoad: accessGuard('pipeline'),
  component: function DefinitionCheck() {
    return <DefinitionCheckPage identifier={Route.useParams().identifier} />;
  },
});
