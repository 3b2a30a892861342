/**
 * How the web build cuts its JavaScript into files (issue 21, "Speed of the first visit"): by area
 * rather than by module, so a first visit fetches about ten files instead of a hundred and more.
 *
 * - Libraries, by the package the app imports and what those bring along: `vendor-react` (React,
 *   TanStack Router and Query), `vendor-mantine` (the few Mantine components the first script
 *   draws) and `vendor-mantine-pages` (the rest of Mantine, the data table, dates, forms, icons:
 *   nearly every page needs some of it), `vendor-markdown` (react-markdown, remark-gfm and the
 *   unified/micromark tree, with the app's renderer: components/Markdown loads it the first time
 *   a page draws markdown), `vendor-highlight` (code highlighting, the knowledge base's) and
 *   `vendor-echarts` (echarts, zrender and the app's echarts-lib.ts, loaded on demand).
 * - The first script (main.tsx, the route tree, what the routes' options need): the entry chunk.
 *   Rolldown's `$initial` tag says what it is, after tree-shaking; the import graph alone cannot,
 *   because every import from a package's index module reaches all of the package.
 * - Code behind a route (the router's autoCodeSplitting makes each route component a lazy import)
 *   goes to the route's area (`routeArea`): home, products, projects, iterations, test management,
 *   docs, code, admin, and any new section under its own name; the sign-in and account pages are
 *   `account`; the enterprise's and the project's frames are `shell`. A module that pages of two
 *   areas use goes to `shared`, one the shell uses to the shell, which every page of an enterprise
 *   loads anyway.
 * - Other lazy imports (a drawer's detail, a preview's parsers) keep a chunk of their own.
 *
 * The names follow the import graph, so a file added or moved lands in the right chunk without a
 * list to keep up to date. A module's importers use it from at least the areas they are used
 * from, so it only ever imports from its own chunk or one further down (area → shared → shell →
 * entry → vendors) and the chunks never import each other in a circle. Vite adds the
 * modulepreload list to every lazy import: entering a route (or hovering a link to it, the
 * router's `defaultPreload: 'intent'`) fetches all its chunks at once.
 */

/** What the chunking reads of the module graph (Rolldown's `getModuleInfo`). */
export interface ModuleGraph {
  getModuleInfo(id: string): ModuleFacts | null;
}

export interface ModuleFacts {
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

/**
 * Library chunks, by the packages that name them (a scope ends in `/`), the most widely loaded
 * first: a package that two of them bring along goes to the first.
 */
const VENDOR_PACKAGES: [string, readonly string[]][] = [
  ['vendor-react', ['react', 'react-dom', 'scheduler', '@tanstack/']],
  ['vendor-mantine', ['@mantine/', 'mantine-datatable', '@tabler/icons-react', 'dayjs']],
  ['vendor-markdown', ['react-markdown', 'remark-gfm']],
  // Code highlighting (the knowledge base only): its grammars weigh more than markdown itself.
  ['vendor-highlight', ['rehype-highlight', 'lowlight', 'highlight.js']],
  ['vendor-echarts', ['echarts', 'zrender']],
];
const VENDOR_ORDER = VENDOR_PACKAGES.map(([group]) => group);

/** Modules that are not a package's but travel with one. */
const WITH_VENDOR: [RegExp, string][] = [
  // The app's echarts-lib.ts exists to load echarts on demand.
  [/[\\/]web[\\/]src[\\/]components[\\/]Chart[\\/]echarts-lib\.ts$/, 'vendor-echarts'],
  // The markdown renderer and its plugin list, loaded on demand by Markdown.tsx: one file with
  // react-markdown rather than two requests in a row.
  [
    /[\\/]web[\\/]src[\\/]components[\\/]Markdown[\\/](MarkdownRenderer\.tsx|plugins\.ts)$/,
    'vendor-markdown',
  ],
];

/** The layouts that frame the pages of several areas: the enterprise's and the project's. */
const SHELL_ROUTES = new Set(['__root', '$identifier', '$identifier.projects.$projectId']);
/** Sections (`$identifier.{section}…`) whose area has another name; any other is its own area. */
const ENTERPRISE_AREAS: Record<string, string> = { index: 'home', codes: 'code', members: 'admin' };
/** The same inside a project (`$identifier.projects.$projectId.{section}…`). */
const PROJECT_AREAS: Record<string, string> = {
  index: 'projects',
  demand: 'projects',
  task: 'projects',
  bug: 'projects',
  iteration: 'iterations',
  test: 'test-management',
};

const MANTINE = 'vendor-mantine';
/** The rest of Mantine (tables, dates, forms…), which nearly every page uses. */
const MANTINE_PAGES = 'vendor-mantine-pages';
const SHELL = 'shell';
const SHARED = 'shared';
const LAZY = 'lazy:';

/** The package a node_modules module belongs to (`@scope/name` or `name`), or null for app code. */
export function packageOf(id: string): string | null {
  const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return match?.[1]?.replace(/\\/g, '/') ?? null;
}

function vendorOfPackage(name: string): string | null {
  for (const [group, packages] of VENDOR_PACKAGES) {
    if (packages.some((p) => (p.endsWith('/') ? name.startsWith(p) : name === p))) return group;
  }
  return null;
}

/** The vendor chunk a module is named for: its package's, or the one it travels with (WITH_VENDOR). */
function namedVendor(id: string): string | null {
  const own = WITH_VENDOR.find(([pattern]) => pattern.test(id))?.[1];
  if (own) return own;
  const pkg = packageOf(id);
  return pkg ? vendorOfPackage(pkg) : null;
}

/**
 * The area of a route module (`…/routes/$identifier.products.index.tsx?tsr-split=component`):
 * the section of the enterprise or of the project it belongs to; the sign-in and account pages
 * outside an enterprise are `account`.
 */
export function routeArea(id: string): string | null {
  const name = /[\\/]web[\\/]src[\\/]routes[\\/]([^\\/?]+)\.tsx(?:\?|$)/.exec(id)?.[1];
  if (!name) return null;
  if (SHELL_ROUTES.has(name)) return SHELL;
  const [root, section = 'index', projectId, projectSection] = name.split('.');
  if (root !== '$identifier') return 'account';
  if (section === 'projects' && projectId === '$projectId' && projectSection)
    return PROJECT_AREAS[projectSection] ?? projectSection;
  return ENTERPRISE_AREAS[section] ?? section;
}

const isRouteSplit = (id: string) => id.includes('tsr-split') && routeArea(id) !== null;

/** Rolldown's `output.codeSplitting` for the web build (see the file's comment). */
export function webCodeSplitting() {
  const chunks = webChunks();
  const mantineOf = (id: string, graph: ModuleGraph) => chunks.vendorGroup(id, graph) === MANTINE;
  return {
    // The namers place every module's dependencies themselves, consistently (a module never
    // imports from a chunk its importers do not load), so Rolldown need not drag them along.
    includeDependenciesRecursively: false,
    groups: [
      // What the first script uses, as Rolldown tags it after tree-shaking: of Mantine only the
      // few components the frame draws, then the app code of the first script (`$initial` sees
      // through Mantine's index module, which the import graph alone cannot).
      {
        debugName: MANTINE,
        name: (id: string, graph: ModuleGraph) => (mantineOf(id, graph) ? MANTINE : null),
        tags: ['$initial' as const],
        priority: 4,
      },
      {
        debugName: 'vendors',
        name: (id: string, graph: ModuleGraph) =>
          mantineOf(id, graph) ? MANTINE_PAGES : chunks.vendorGroup(id, graph),
        priority: 3,
      },
      { name: 'app', tags: ['$initial' as const], priority: 2 },
      {
        debugName: 'areas',
        name: (id: string, graph: ModuleGraph) => chunks.appGroup(id, graph),
        priority: 1,
      },
    ],
  };
}

/** The chunk namers: one instance per build (they remember what they worked out). */
export function webChunks() {
  const vendorMemo = new Map<string, string | null>();
  const areaMemo = new Map<string, string | null>();

  /**
   * A library module's vendor chunk: its own package's, or, for a package nobody names (micromark,
   * floating-ui), the chunk of the named packages that bring it along (the first, when several
   * do). When the app uses it too, itself (clsx) or through a package nobody names
   * (use-sync-external-store, which TanStack's store and xyflow's zustand share): `vendor-react`,
   * which every page loads. A library chunk must never import an app chunk: the app chunks import
   * the library chunks, and a circle between them runs a module before its dependency (a blank
   * page). Only what no named library uses (zod) goes where the app code goes.
   */
  function vendorGroup(id: string, graph: ModuleGraph): string | null {
    if (vendorMemo.has(id)) return vendorMemo.get(id) ?? null;
    const pkg = packageOf(id);
    let group = namedVendor(id);
    if (!group && pkg) {
      // Where the paths up from it leave the libraries: at a named package, or at app code (null).
      const exits = new Set<string | null>();
      walkUp(id, graph, (node) => {
        const exit = namedVendor(node);
        if (!exit && packageOf(node)) return true;
        exits.add(exit);
        return false;
      });
      const libraries = VENDOR_ORDER.filter((name) => exits.has(name));
      if (libraries.length === 0) group = null;
      else group = exits.has(null) ? (VENDOR_ORDER[0] ?? null) : (libraries[0] ?? null);
    }
    vendorMemo.set(id, group);
    return group;
  }

  /** The app chunk of a module that is no library's (see the file's comment). */
  function appGroup(id: string, graph: ModuleGraph): string | null {
    if (areaMemo.has(id)) return areaMemo.get(id) ?? null;
    const areas = new Set<string>();
    walkUp(id, graph, (node, info) => {
      if (isRouteSplit(node)) areas.add(routeArea(node) ?? SHELL);
      // Another lazy import (a drawer, a file parser): its own chunk.
      else if (info.dynamicImporters.length > 0) areas.add(`${LAZY}${node}`);
      else return true;
      return false;
    });
    const [only] = areas;
    let group: string | null = null;
    if (areas.has(SHELL)) group = SHELL;
    else if (areas.size > 1) group = SHARED;
    // Left to Rolldown, which gives a lazy import and what only it uses a chunk of their own.
    else if (only && !only.startsWith(LAZY)) group = only;
    areaMemo.set(id, group);
    return group;
  }

  return { vendorGroup, appGroup };
}

/** Visits the module and its importers, breadth first, each once, while `visit` says go on. */
function walkUp(start: string, graph: ModuleGraph, visit: (id: string, info: ModuleFacts) => boolean): void {
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const info = graph.getModuleInfo(id);
    if (!info || !visit(id, info)) continue;
    for (const importer of [...info.importers, ...info.dynamicImporters]) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
}
