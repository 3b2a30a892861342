/**
 * The module rule of functions/src (docs/architecture.md "Modules"), checked on every import of
 * every file there, tests included: `import` and `import type`, `export ... from`, dynamic
 * `import()` and `import('...')` types.
 *
 * - core/ imports nothing under modules/: every module builds on core, never the other way.
 * - A file of modules/A imports from another module B only B's public entry, modules/B/index.ts
 *   (`../B`, or `../B/index`): B's routes, services and stores stay B's own.
 * - A module's index.ts exports no routes, app or handler, so a Lambda bundle that uses another
 *   module's services never pulls in that group's routes.
 * - A dynamic import names its module with a string literal, or the rule could not check it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/paths';

const SRC = join(REPO_ROOT, 'functions/src');

interface Import {
  /** The importing file, relative to the repository root. */
  file: string;
  line: number;
  specifier: string | null;
  /** The imported file relative to the repository root, for specifiers of our own files that resolve. */
  target: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `@core/*` is the path alias of functions/src/core (tsconfig.json, vitest.config.ts). */
const CORE_ALIAS = '@core/';

function resolveOwn(from: string, specifier: string): string | null {
  const base = specifier.startsWith(CORE_ALIAS)
    ? join(SRC, 'core', specifier.slice(CORE_ALIAS.length))
    : resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found ? relative(REPO_ROOT, found) : null;
}

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const specifier = literal && ts.isStringLiteralLike(literal) ? literal.text : null;
    const own = specifier?.startsWith('.') || specifier?.startsWith(CORE_ALIAS);
    const target = specifier && own ? resolveOwn(path, specifier) : null;
    found.push({ file: relative(REPO_ROOT, path), line, specifier, target });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) add(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `core`, a module's name, or null for the files that assemble the modules (app.ts, manifest.ts). */
function layerOf(path: string): string | null {
  const inSrc = relative('functions/src', path);
  if (inSrc.startsWith('core/')) return 'core';
  return /^modules\/([^/]+)\//.exec(inSrc)?.[1] ?? null;
}

const isModule = (layer: string | null): layer is string => layer !== null && layer !== 'core';
const indexOf = (module: string) => `functions/src/modules/${module}/index.ts`;
const describeImport = (i: Import) =>
  `${i.file}:${i.line} imports '${i.specifier}'${i.target ? ` (${i.target})` : ''}`;

const IMPORTS = sourceFiles(SRC).flatMap(importsOf);

describe('module boundaries in functions/src', () => {
  it('reads the imports it checks', () => {
    const crossModule = IMPORTS.filter((i) => i.target && isModule(layerOf(i.target)));
    expect(IMPORTS.length).toBeGreaterThan(500);
    expect(crossModule.some((i) => i.target === indexOf('issues'))).toBe(true);
  });

  it('core imports no module', () => {
    const breaches = IMPORTS.filter(
      (i) => layerOf(i.file) === 'core' && i.target && isModule(layerOf(i.target)),
    );
    expect(
      breaches.map(
        (i) => `${describeImport(i)}: core/ must not import a module (rule: core imports no module)`,
      ),
    ).toEqual([]);
  });

  it('a module imports another module only through its index.ts', () => {
    const breaches = IMPORTS.filter((i) => {
      const from = layerOf(i.file);
      const to = i.target ? layerOf(i.target) : null;
      return isModule(from) && isModule(to) && from !== to && i.target !== indexOf(to);
    });
    expect(
      breaches.map((i) => {
        const to = layerOf(i.target ?? '') ?? '';
        return `${describeImport(i)}: modules/${layerOf(i.file)} may use modules/${to} only through ${indexOf(to)} (rule: other modules import a module's index.ts only)`;
      }),
    ).toEqual([]);
  });

  it("a module's index.ts exports no routes, app or handler", () => {
    const breaches = IMPORTS.filter((i) => {
      const module = layerOf(i.file);
      if (!isModule(module) || i.file !== indexOf(module) || !i.target) return false;
      const inModule = relative(`functions/src/modules/${module}`, i.target);
      return /^(app|handler|routes)(\.ts$|\/)/.test(inModule);
    });
    expect(
      breaches.map(
        (i) =>
          `${describeImport(i)}: an index.ts is the module's service entry; routes, the app and the handler stay out (rule: no routes or app in index.ts)`,
      ),
    ).toEqual([]);
  });

  it('names every dynamic import with a string literal', () => {
    const unchecked = IMPORTS.filter((i) => i.specifier === null);
    expect(
      unchecked.map(
        (i) =>
          `${i.file}:${i.line}: an import() of a computed name cannot be checked (rule: literal specifiers)`,
      ),
    ).toEqual([]);
  });
});
