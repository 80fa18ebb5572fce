import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ASSETS = new URL('../web/dist/assets/', import.meta.url).pathname;
const INDEX_HTML = new URL('../web/dist/index.html', import.meta.url).pathname;
/** The build's hidden source maps (web/vite.config.ts keeps them out of dist). */
const SOURCE_MAPS = new URL('../web/sourcemaps/assets/', import.meta.url).pathname;

/** Each built script's static imports of other built scripts (what the browser fetches and runs before it). */
function staticImports(): Map<string, string[]> {
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
  return new Map(
    scripts.map((name) => {
      const code = readFileSync(join(ASSETS, name), 'utf8');
      return [name, [...code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'`()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!)];
    }),
  );
}

function cycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      found.push([...path.slice(path.indexOf(name)), name].join(' -> '));
      return;
    }
    state.set(name, 'open');
    for (const next of graph.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of graph.keys()) visit(name, []);
  return found;
}

function reach(graph: Map<string, string[]>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(graph.get(name) ?? []));
  }
  return seen;
}

// The chunk groups of web/chunk-groups.ts, as the build wrote them (decision 0053).
describe('the web build', () => {
  const graph = staticImports();

  it('has no chunks that import each other: a cycle lets a module read an import before it is set', () => {
    // The imports are read from the built files: a reader that found none would prove nothing.
    expect([...graph.values()].filter((imports) => imports.length > 0).length).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });

  it('puts the signed-in shell and its strings in one chunk each, which the first page of a visit does not load', () => {
    const names = [...graph.keys()];
    expect(names.filter((name) => name.startsWith('app-shell-'))).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('strings-signed-in-'))).toHaveLength(1);
    const entry = [...readFileSync(INDEX_HTML, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(entry.length).toBeGreaterThan(0);
    const loadedFirst = [...reach(graph, entry)];
    expect(loadedFirst.filter((name) => /^(app-shell|strings-)/.test(name))).toEqual([]);
    // A public page's strings are never in the signed-in set's chunk (two-factor sign-in is public).
    const signedInStrings = readFileSync(join(ASSETS, names.find((name) => name.startsWith('strings-signed-in-'))!), 'utf8');
    expect(signedInStrings).not.toContain('Use a backup code instead');
  });

  it("holds what the shell and a conversation's first draw ask for in the document's first scripts, so it leaves with the session (issue 25 §7)", () => {
    const entry = [...readFileSync(INDEX_HTML, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
    const maps = [...reach(graph, entry)].map((name) => join(SOURCE_MAPS, `${name}.map`)).filter((map) => existsSync(map));
    const sources = maps.flatMap((map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources);
    // Read from the build's own maps: a list without the entry's own modules would prove nothing.
    expect(sources.some((source) => source.endsWith('src/app/route-preload.ts'))).toBe(true);
    expect(sources.filter((source) => /src\/(features\/chat\/routes\/conversation-first-draw-data|features\/chat\/api\/conversation-queries|app\/signed-in-preload)\.ts$/.test(source))).toHaveLength(3);
  });

  it("runs the session's early refresh first, as a classic script of the app's document only (issue 25 §7)", () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    // First, and classic: a module script would run only after the app's modules had compiled.
    expect(scripts[0]).toMatch(/^ src="\/assets\/session-start-[\w-]+\.js"$/);
    expect(scripts.slice(1).every((attributes) => attributes.includes('type="module"'))).toBe(true);
    const script = readFileSync(join(ASSETS, /session-start-[\w-]+\.js/.exec(scripts[0]!)![0]), 'utf8');
    expect(script).toContain("'/api/auth/refresh'".replaceAll("'", '"'));
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    // The shared page restores no session: it sends no refresh of its own.
    expect(readFileSync(new URL('../web/dist/share.html', import.meta.url).pathname, 'utf8')).not.toContain('session-start');
  });
});
