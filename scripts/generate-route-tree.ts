/** Writes web/src/routeTree.gen.ts from the route files (scripts/lib/route-tree.ts says when). */
import { generateRouteTree } from './lib/route-tree';

await generateRouteTree();
