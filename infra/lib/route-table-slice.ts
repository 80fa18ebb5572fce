import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './paths.ts';
import { writeWhole } from './write-whole.ts';

/**
 * Each Lambda serves one route, yet `@meld/shared` exports the whole route table, and through it
 * every schema: ~90 KB of every bundle. A handler's bundle therefore aliases `@meld/shared` to a
 * generated copy of the package's index whose route table keeps only the routes that handler
 * serves, plus the routes code names directly to build links (`routes.getAvatar.path`). With
 * `"sideEffects": false` on the shared package, esbuild then drops every schema module the
 * handler does not use. The copy lives under `infra/.route-tables/` and is rewritten on each synth.
 */

const SHARED_SRC = join(REPO_ROOT, 'shared', 'src');
const FUNCTIONS_SRC = join(REPO_ROOT, 'functions', 'src');
export const SLICES_DIR = join(REPO_ROOT, 'infra', '.route-tables');

/**
 * Test support no handler imports: the local runtime, fixtures, fakes, test kits and the security
 * suites (whose route matrices name every route, which would keep every schema in every bundle).
 */
const NOT_BUNDLED = /^local\/|\/__fixtures__\/|\/__fakes__\/|-test-kit\.ts$|^routes\/security\//;

/** Route names code reads straight off the table (`routes.name`), outside tests and test support. */
export function linkedRouteNames(dir = FUNCTIONS_SRC): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    if (NOT_BUNDLED.test(relative(dir, path))) continue;
    for (const match of readFileSync(path, 'utf8').matchAll(/\broutes\.(\w+)\b/g)) names.add(match[1]!);
  }
  return names;
}

let linked: Set<string> | undefined;

/** Each entry of the `routes` object in a routes.ts source: its name, its text and where it sits. */
interface RouteEntry {
  name: string;
  text: string;
  start: number;
  end: number;
}

/** The last source parsed and its entries: a synth slices the same routes.ts for each of ~190 functions. */
let parsed: { source: string; entries: RouteEntry[] } | undefined;

function routeEntries(source: string): RouteEntry[] {
  if (parsed?.source === source) return parsed.entries;
  const file = ts.createSourceFile('routes.ts', source, ts.ScriptTarget.Latest, true);
  const declaration = file.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => statement.declarationList.declarations)
    .find((candidate) => candidate.name.getText(file) === 'routes');
  let table = declaration?.initializer;
  while (table && !ts.isObjectLiteralExpression(table)) table = ts.isSatisfiesExpression(table) || ts.isAsExpression(table) ? table.expression : undefined;
  if (!table) throw new Error('shared/src/routes.ts has no `routes` object literal to slice');
  const entries = table.properties.map((property) => ({
    name: property.name?.getText(file) ?? '',
    text: property.getText(file),
    start: property.getFullStart(),
    end: source[property.end] === ',' ? property.end + 1 : property.end,
  }));
  parsed = { source, entries };
  return entries;
}

/** routes.ts with every entry of the `routes` object cut except the handler's and the linked ones. */
export function slicedRouteTable(source: string, handler: string, keep: ReadonlySet<string>): string {
  const cuts = routeEntries(source).filter((entry) => !keep.has(entry.name) && !entry.text.includes(`'${handler}'`));
  let sliced = source;
  for (const cut of [...cuts].reverse()) sliced = sliced.slice(0, cut.start) + sliced.slice(cut.end);
  return sliced;
}

/** Relative imports point back at the package's own files, so module identity stays the same. */
const absoluteImports = (source: string, except: string) =>
  source.replace(/from '\.\/([^']+)'/g, (whole, path: string) => (path === except ? whole : `from '${join(SHARED_SRC, path)}'`));

/** Writes the handler's slice of `@meld/shared` and returns the path to alias the package to. */
export function sharedEntryFor(handler: string): string {
  linked ??= linkedRouteNames();
  const dir = join(SLICES_DIR, handler);
  mkdirSync(dir, { recursive: true });
  writeIfChanged(join(dir, 'routes.ts'), absoluteImports(slicedRouteTable(readFileSync(join(SHARED_SRC, 'routes.ts'), 'utf8'), handler, linked), ''));
  writeIfChanged(join(dir, 'index.ts'), absoluteImports(readFileSync(join(SHARED_SRC, 'index.ts'), 'utf8'), 'routes.ts'));
  return join(dir, 'index.ts');
}

/** What this process last wrote to each slice file: a later synth with the same sources writes nothing. */
const written = new Map<string, string>();

function writeIfChanged(path: string, content: string): void {
  if (written.get(path) === content && existsSync(path)) return;
  // Other processes (test workers, a second synth) read and write the same slices.
  if (!existsSync(path) || readFileSync(path, 'utf8') !== content) writeWhole(path, content);
  written.set(path, content);
}
