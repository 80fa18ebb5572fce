/**
 * How the build groups the signed-in app's modules into chunks (issue 25 §7; decision 0053).
 *
 * Left to itself the bundler gives every distinct set of importers its own chunk: a cold signed-in
 * page fetched 50-78 scripts, most of them under 2 KB. Over HTTP/1.1 (the local server) they queued
 * six at a time for most of a second, and the session's refresh and the page's data queued behind
 * them; over HTTP/2 each is still a request and a module evaluation. Here:
 *
 * - the modules only the signed-in shell needs (the shell, its sidebar history and phone header,
 *   and what they import that no public page does) are one chunk, `app-shell`;
 * - the strings every signed-in page loads are one chunk, and the share page's another.
 *
 * A page's own modules are not grouped: rolldown 1.2 keeps a lazy route module in a chunk of its
 * own, with the shared modules only it uses, so a group of the page's other modules imported that
 * chunk while it imported the group, and a module read a constant before it was set (a chunk
 * cycle). `strictExecutionOrder` makes cycles safe but split the entry into 40 scripts and added
 * 10 KB to every page. e2e/web-build.e2e.test.ts fails on any chunk cycle.
 *
 * A module a public page can reach (statically from an entry, or in any way from a public route)
 * stays out of these groups, so no public page downloads the signed-in app: the guest JavaScript
 * budget (`npm run bench -- --only pages`) holds that.
 */

/** The part of rolldown's chunking context this reads (rolldown's `ChunkingContext`). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean } | null;
}

/** The route modules of routes.tsx that signed-out visitors open: what they reach is public. */
const PUBLIC_ROUTE = /[\\/]src[\\/]features[\\/](auth|landing|interest|share|mentor-interview)[\\/]routes[\\/]/;
/** The signed-in shell as routes.tsx composes it (`shellWithHistory`). */
const SHELL_ROOT = /[\\/]src[\\/](features[\\/]shell[\\/]routes[\\/]shell-route|features[\\/]chat[\\/]components[\\/]sidebar[\\/]chat-history|features[\\/]chat[\\/]components[\\/]header-date)\.tsx$/;
const ROUTE_TABLE = /[\\/]src[\\/]app[\\/]routes\.tsx$/;

/** Locale parts (web/src/locales/en/<file>.ts) by who loads them; locale-part-sets.ts names them. */
const LOCALE_PART = /[\\/]src[\\/]locales[\\/]en[\\/]([a-z-]+)\.ts$/;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function closure(graph: ModuleGraph, roots: Iterable<string>, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds);
    if (dynamic) queue.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** Works out each module's group once per build from the module graph. */
function plan(graph: ModuleGraph, ids: readonly string[], signedInParts: readonly string[], sharePageParts: readonly string[]): Map<string, string> {
  const entries = ids.filter((id) => graph.getModuleInfo(id)?.isEntry);
  const routeTable = ids.find((id) => ROUTE_TABLE.test(id));
  const routeModules = routeTable ? graph.getModuleInfo(routeTable)?.dynamicallyImportedIds ?? [] : [];
  const publicReach = closure(graph, entries, false);
  for (const id of closure(graph, routeModules.filter((id) => PUBLIC_ROUTE.test(id)), true)) publicReach.add(id);

  const group = new Map<string, string>();
  const shell = closure(graph, routeModules.filter((id) => SHELL_ROOT.test(id)), false);
  for (const id of shell) if (!publicReach.has(id)) group.set(id, 'app-shell');

  const shareFiles = new Set(sharePageParts.map(kebab));
  const signedInFiles = new Set(signedInParts.map(kebab));
  for (const id of ids) {
    const file = LOCALE_PART.exec(id)?.[1];
    if (!file) continue;
    if (shareFiles.has(file)) group.set(id, 'strings-share');
    else if (signedInFiles.has(file)) group.set(id, 'strings-signed-in');
  }
  return group;
}

/**
 * The `name` function of one rolldown code-splitting group: each module's chunk name, or null to
 * leave it to the bundler. The plan is made on the first call of a build, from the whole graph.
 */
export function chunkGroupName(signedInParts: readonly string[], sharePageParts: readonly string[], publicPageParts: readonly string[]) {
  let planned: Map<string, string> | undefined;
  let known: string[] = [];
  return {
    test: (id: string) => {
      // Every test call of a pass comes before its first name call: a test after a plan starts a new build.
      if (planned) [planned, known] = [undefined, []];
      known.push(id);
      return true;
    },
    name: (id: string, graph: ModuleGraph): string | null => {
      if (!planned) {
        planned = plan(graph, known, signedInParts.filter((part) => !publicPageParts.includes(part)), sharePageParts);
        known = [];
      }
      return planned.get(id) ?? null;
    },
  };
}
