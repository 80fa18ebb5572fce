import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { iamActionOf, tableAllows, type RouteDef } from '@meld/shared';
import { processStorage } from '../runtime/async-storage.ts';

/**
 * The local runtime's stand-in for IAM on the table: each request runs with its route's declared
 * table access (`RouteDef.table`, granted exactly so in AWS), and a call outside it fails as AWS
 * would fail it, so no test passes here that the real policy would refuse. In Lambda nothing is
 * set and IAM does the refusing.
 */
type Declared = Pick<RouteDef, 'handler' | 'table'>;

const storage = processStorage<Declared>('table-access');

/** Runs one request of `route` under its declaration (the local gateway, for every request). */
export function withTableAccess<T>(route: Declared, fn: () => Promise<T>): Promise<T> {
  return storage.run(route, fn);
}

/** What a refused call throws: AWS's error name, and its message's shape. */
export class TableAccessDeniedError extends Error {
  override readonly name = 'AccessDeniedException';
}

const recorded = new Set<string>();

/**
 * Checks one call against the running request's declaration. With MELD_RECORD_TABLE_ACCESS set (a
 * folder), records what each route used instead of refusing: how declarations are first drawn
 * from a run of the suites.
 */
export function checkTableAccess(commandName: string, input: { IndexName?: string }): void {
  const route = storage.getStore();
  if (!route) return;
  const action = iamActionOf(commandName) ?? `dynamodb:${commandName.replace(/Command$/, '')}`;
  const index = input.IndexName;
  const recordTo = process.env.MELD_RECORD_TABLE_ACCESS;
  if (recordTo) {
    const line = `${route.handler}\t${action}\t${index ?? ''}`;
    if (recorded.has(line)) return;
    recorded.add(line);
    mkdirSync(recordTo, { recursive: true });
    appendFileSync(join(recordTo, `${process.pid}.tsv`), `${line}\n`);
    return;
  }
  if (route.table === undefined || tableAllows(route.table, action, index)) return;
  const resource = `table/${process.env.MELD_TABLE_NAME ?? 'meld'}${index ? `/index/${index}` : ''}`;
  throw new TableAccessDeniedError(`${route.handler} is not authorized to perform: ${action} on resource: ${resource} (its route declares table: [${route.table.join(', ')}])`);
}
