import { createFileRoute } from '@tanstack/react-router';

/**
 * The plan with no spec open. Everything on the page is the layout's (`plan.$planId.tsx`), so the
 * spec drawer (`plan.$planId.$needsId.tsx`) can open over it; here there is nothing to add.
 */
export const Route = createFileRoute('/$identifier/products/$productId/plan/$planId/')({
  component: () => null,
});
