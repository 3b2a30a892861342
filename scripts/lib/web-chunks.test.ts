import { describe, expect, it } from 'vitest';
import { type ModuleFacts, type ModuleGraph, packageOf, routeArea, webChunks } from './web-chunks';

const route = (file: string) => `/repo/web/src/routes/${file}.tsx?tsr-split=component`;

describe('routeArea', () => {
  it.each([
    ['$identifier', 'shell'],
    ['__root', 'shell'],
    ['$identifier.projects.$projectId', 'shell'],
    ['$identifier.index', 'home'],
    ['$identifier.products.$productId.demand.index', 'products'],
    ['$identifier.projects.index', 'projects'],
    ['$identifier.projects.$projectId.index', 'projects'],
    ['$identifier.projects.$projectId.task.$workItemId', 'projects'],
    ['$identifier.projects.$projectId.iteration.$iterationId.index', 'iterations'],
    ['$identifier.projects.$projectId.test.$testType.index', 'test-management'],
    ['$identifier.projects.$projectId.docs.wiki.$docId.index', 'docs'],
    ['$identifier.docs.index', 'docs'],
    ['$identifier.projects.$projectId.code', 'code'],
    ['$identifier.codes', 'code'],
    ['$identifier.members', 'admin'],
    ['$identifier.admin.roles.$roleId', 'admin'],
    // A section nobody listed is an area of its own.
    ['$identifier.weekly', 'weekly'],
    ['login', 'account'],
    ['_authed.enterprises.new', 'account'],
  ])('puts %s in %s', (file, area) => {
    expect(routeArea(route(file))).toBe(area);
  });

  it('is null for anything that is not a route file', () => {
    expect(routeArea('/repo/web/src/routes/-components/products/ProductCard.tsx')).toBeNull();
    expect(routeArea('/repo/web/src/kit/ListTable/ListTable.tsx')).toBeNull();
  });
});

it('reads the package of a module, scoped or not', () => {
  expect(packageOf('/repo/node_modules/@mantine/core/esm/index.mjs')).toBe('@mantine/core');
  expect(packageOf('/repo/node_modules/a/node_modules/micromark/index.js')).toBe('micromark');
  expect(packageOf('/repo/web/src/main.tsx')).toBeNull();
});

/** A module graph from `id: [static importers, dynamic importers]`. */
function graphOf(modules: Record<string, [string[], string[]?]>): ModuleGraph {
  return {
    getModuleInfo: (id): ModuleFacts | null => {
      const entry = modules[id];
      return entry ? { importers: entry[0], dynamicImporters: entry[1] ?? [] } : null;
    },
  };
}

describe('the chunk of a module', () => {
  const routeTree = '/repo/web/src/routeTree.gen.ts';
  const productsRoute = '/repo/web/src/routes/$identifier.products.index.tsx';
  const sprintRoute = '/repo/web/src/routes/$identifier.projects.$projectId.iteration.index.tsx';
  const shellRoute = '/repo/web/src/routes/$identifier.tsx';
  const products = `${productsRoute}?tsr-split=component`;
  const sprint = `${sprintRoute}?tsr-split=component`;
  const shell = `${shellRoute}?tsr-split=component`;
  const productList = '/repo/web/src/routes/-components/products/ProductList.tsx';
  const table = '/repo/web/src/kit/ListTable/ListTable.tsx';
  const navbar = '/repo/web/src/components/AppNavbar/AppNavbar.tsx';
  const drawer = '/repo/web/src/routes/-components/work-items/WorkItemDetail.tsx';
  const drawerPart = '/repo/web/src/routes/-components/work-items/detail-fields.tsx';
  const markdown = '/repo/node_modules/react-markdown/index.js';
  const highlight = '/repo/node_modules/rehype-highlight/index.js';
  const micromark = '/repo/node_modules/micromark/index.js';
  const visit = '/repo/node_modules/unist-util-visit/index.js';
  const clsx = '/repo/node_modules/clsx/dist/clsx.mjs';
  const zod = '/repo/node_modules/zod/index.js';
  const store = '/repo/node_modules/@tanstack/react-store/index.js';
  const flow = '/repo/node_modules/@xyflow/react/index.js';
  const zustand = '/repo/node_modules/zustand/index.js';
  const syncStore = '/repo/node_modules/use-sync-external-store/shim/index.js';
  const sparkline = '/repo/node_modules/sparkline-helper/index.js';
  const mantine = '/repo/node_modules/@mantine/core/esm/index.mjs';
  const echartsLib = '/repo/web/src/components/Chart/echarts-lib.ts';
  const graph = graphOf({
    [routeTree]: [['/repo/web/src/main.tsx']],
    [productsRoute]: [[routeTree]],
    [sprintRoute]: [[routeTree]],
    [shellRoute]: [[routeTree]],
    [products]: [[], [productsRoute]],
    [sprint]: [[], [sprintRoute]],
    [shell]: [[], [shellRoute]],
    [productList]: [[products]],
    [table]: [[productList, sprint]],
    [navbar]: [[shell, products]],
    [drawer]: [[], [productList]],
    [drawerPart]: [[drawer]],
    [markdown]: [[productList]],
    [highlight]: [[drawer]],
    [micromark]: [[markdown]],
    [visit]: [[markdown, highlight]],
    [clsx]: [[productList, mantine]],
    [zod]: [[productList]],
    [store]: [[productList]],
    [flow]: [[drawer]],
    [zustand]: [[flow]],
    [syncStore]: [[store, zustand]],
    // Brought by echarts and by a package nobody names that a lazy import uses.
    [sparkline]: [[echartsLib, zustand]],
    [mantine]: [[navbar]],
    [echartsLib]: [[], ['/repo/web/src/components/Chart/EChart.tsx']],
  });

  it('keeps code one area uses in that area, and code two areas use in shared', () => {
    const { appGroup } = webChunks();
    expect(appGroup(products, graph)).toBe('products');
    expect(appGroup(productList, graph)).toBe('products');
    expect(appGroup(sprint, graph)).toBe('iterations');
    expect(appGroup(table, graph)).toBe('shared');
  });

  it('puts what the shell uses in the shell, which every page of an enterprise loads', () => {
    expect(webChunks().appGroup(navbar, graph)).toBe('shell');
  });

  it('leaves another lazy import and what only it uses to a chunk of their own', () => {
    const { appGroup } = webChunks();
    expect(appGroup(drawer, graph)).toBeNull();
    expect(appGroup(drawerPart, graph)).toBeNull();
  });

  it('names library chunks by the package the app imports, its dependencies with it', () => {
    const { vendorGroup } = webChunks();
    expect(vendorGroup(markdown, graph)).toBe('vendor-markdown');
    expect(vendorGroup(micromark, graph)).toBe('vendor-markdown');
    expect(vendorGroup(highlight, graph)).toBe('vendor-highlight');
    // Brought by both: the more widely loaded chunk.
    expect(vendorGroup(visit, graph)).toBe('vendor-markdown');
    expect(vendorGroup(echartsLib, graph)).toBe('vendor-echarts');
    // Used by no named library: it goes where the app code goes.
    expect(vendorGroup(zod, graph)).toBeNull();
    expect(vendorGroup(flow, graph)).toBeNull();
  });

  it('keeps what a library chunk uses in a library chunk, vendor-react when the app uses it too', () => {
    const { vendorGroup } = webChunks();
    // Mantine's, imported by the app too.
    expect(vendorGroup(clsx, graph)).toBe('vendor-react');
    // TanStack's store and xyflow's zustand (lazy app code) share it: a vendor-react that
    // imported it from an app chunk would form a circle and leave the page blank.
    expect(vendorGroup(syncStore, graph)).toBe('vendor-react');
    // Not vendor-echarts: the lazy app code would fetch all of echarts for it.
    expect(vendorGroup(sparkline, graph)).toBe('vendor-react');
  });
});
