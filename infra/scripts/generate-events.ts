import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { routeList, type RouteDef } from '@meld/shared';
import { REPO_ROOT, eventFile } from '../lib/paths.ts';
import { buildEvent } from './events/http-event.ts';

/**
 * Writes events/<handler>.json for every route that has none. Existing files are left alone,
 * so hand edits survive; delete a file to have it regenerated.
 *
 *   npx tsx infra/scripts/generate-events.ts           create missing events
 *   npx tsx infra/scripts/generate-events.ts --check   only report missing ones (exit 1 if any)
 */

function bodyProblem(route: RouteDef, event: Record<string, unknown>): string | undefined {
  if (!route.body || typeof event.body !== 'string') return undefined;
  const result = route.body.safeParse(JSON.parse(event.body));
  return result.success ? undefined : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

function main(): void {
  const checkOnly = process.argv.includes('--check');
  const missing = routeList.filter((route) => !existsSync(eventFile(route.handler)));
  let needsAttention = false;

  for (const route of missing) {
    const path = eventFile(route.handler);
    const shown = relative(REPO_ROOT, path);
    if (checkOnly) {
      console.log(`missing  ${shown}`);
      continue;
    }
    const event = buildEvent(route);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(event, null, 2)}\n`);
    const problem = bodyProblem(route, event);
    if (problem) {
      needsAttention = true;
      console.log(`created  ${shown}  (edit its body by hand: ${problem})`);
    } else {
      console.log(`created  ${shown}`);
    }
  }

  console.log(`${routeList.length} routes, ${missing.length} ${checkOnly ? 'missing' : 'created'}`);
  if ((checkOnly && missing.length > 0) || needsAttention) process.exitCode = 1;
}

main();
