import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { folderOfKey, foldersIn, iamActionOf, tableAllows, type BucketName, type RouteDef } from '@meld/shared';
import { processStorage } from '../runtime/async-storage.ts';

/**
 * The local runtime's stand-in for IAM: each request runs with its route's declared access (the
 * table, `RouteDef.table`; bucket folders, `lambda.buckets`), which the stack grants exactly in
 * AWS, and a call outside it fails as AWS would fail it, so no test passes here that the real
 * policy would refuse. In Lambda nothing is set and IAM does the refusing.
 */
type Declared = Pick<RouteDef, 'handler' | 'table'> & { lambda?: Pick<NonNullable<RouteDef['lambda']>, 'buckets'> };

/**
 * One invocation's window: once it closes (the function timed out, or API Gateway stopped
 * waiting) the invocation's work is cut, as Lambda freezes or stops its sandbox; any later
 * table or S3 call from it fails instead of landing.
 */
export interface InvocationWindow {
  closedBecause?: string;
}

interface Scope {
  route: Declared;
  window: InvocationWindow;
}

const storage = processStorage<Scope>('declared-access');

/** Runs one request of `route` under its declaration (the local gateway, for every request). */
export function withDeclaredAccess<T>(route: Declared, fn: () => Promise<T>, window: InvocationWindow = {}): Promise<T> {
  return storage.run({ route, window }, fn);
}

/** What a call from an invocation whose window has closed throws. */
export class InvocationEndedError extends Error {
  override readonly name = 'InvocationEndedError';
}

function refuseAfterClose(scope: Scope): void {
  const reason = scope.window.closedBecause;
  if (reason) throw new InvocationEndedError(`${scope.route.handler} called AWS after its invocation ended (${reason}); in Lambda this work never happens`);
}

/** What a refused call throws: AWS's error name, and its message's shape. */
export class AccessDeniedError extends Error {
  override readonly name = 'AccessDeniedException';
}

const recorded = new Set<string>();

/**
 * With MELD_RECORD_TABLE_ACCESS set (a folder), records what each route used instead of refusing:
 * how declarations are first drawn from a run of the suites.
 */
function recording(line: string): boolean {
  const recordTo = process.env.MELD_RECORD_TABLE_ACCESS;
  if (!recordTo) return false;
  if (!recorded.has(line)) {
    recorded.add(line);
    mkdirSync(recordTo, { recursive: true });
    appendFileSync(join(recordTo, `${process.pid}.tsv`), `${line}\n`);
  }
  return true;
}

/** Checks one DynamoDB call against the running request's declaration. */
export function checkTableAccess(commandName: string, input: { IndexName?: string }): void {
  const scope = storage.getStore();
  if (!scope) return;
  refuseAfterClose(scope);
  const { route } = scope;
  const action = iamActionOf(commandName) ?? `dynamodb:${commandName.replace(/Command$/, '')}`;
  const index = input.IndexName;
  if (recording(`${route.handler}\t${action}\t${index ?? ''}`)) return;
  if (route.table === undefined || tableAllows(route.table, action, index)) return;
  const resource = `table/${process.env.MELD_TABLE_NAME ?? 'meld'}${index ? `/index/${index}` : ''}`;
  throw new AccessDeniedError(`${route.handler} is not authorized to perform: ${action} on resource: ${resource} (its route declares table: [${route.table.join(', ')}])`);
}

/** Checks one S3 call (an object, or a listing's prefix) against the running request's declared folders. */
export function checkBucketAccess(bucket: BucketName, key: string): void {
  const scope = storage.getStore();
  if (!scope) return;
  refuseAfterClose(scope);
  const { route } = scope;
  const folder = folderOfKey(key);
  if (recording(`${route.handler}\ts3\t${bucket}:${folder}`)) return;
  const declared = route.lambda?.buckets;
  if (declared === undefined && route.table === undefined) return;
  if (foldersIn(declared ?? [], bucket).includes(folder)) return;
  throw new AccessDeniedError(`${route.handler} is not authorized to reach ${bucket}:${folder}/ (its route declares buckets: [${(declared ?? []).join(', ')}])`);
}
