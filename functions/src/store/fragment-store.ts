import type { Fragment, FragmentType, WovenReflection } from '@meld/shared';
import { decodeCursor, InvalidCursorError, withCursorCheck } from './conversation-store.ts';
import { keys } from './keys.ts';
import { isConditionFailed, table, ttlFrom, type Keys } from './table.ts';

/**
 * Fragments and woven reflections (issue 8), in the user's partition; gsi1 lists each by time.
 * Fragments carry `searchText` (content and tags, lower-cased) so a search is a filter on the
 * one gsi1 query: a user has hundreds of fragments, which one 1 MB page holds.
 */

/**
 * A fragment as stored: whether the member chose its type (then an edit never re-detects it),
 * a voice note's recording in the audio bucket (deleted with the fragment), and the win it was
 * pinned to (pinning again shows that win instead of a second one).
 */
export type StoredFragment = Fragment & { typeSetByUser: boolean; audioKey?: string; winId?: string };

const REQUEST_CLAIM_DAYS = 7;
const INTERNAL = ['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk', 'searchText'];

function strip<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const name of INTERNAL) delete copy[name];
  return copy as T;
}

export function fragmentSearchText(fragment: Pick<Fragment, 'content' | 'tags'>): string {
  return [fragment.content, ...fragment.tags].join('\n').toLowerCase();
}

function fragmentItem(userId: string, fragment: StoredFragment): Keys & Record<string, unknown> {
  return {
    ...keys.fragment(userId, fragment.id),
    entity: 'fragment',
    ...fragment,
    searchText: fragmentSearchText(fragment),
    gsi1pk: keys.fragmentList(userId),
    gsi1sk: `${fragment.timestamp}#${fragment.id}`,
  };
}

/** Writes a new fragment; false when one with this id exists already. */
export async function putFragment(userId: string, fragment: StoredFragment): Promise<boolean> {
  try {
    await table.put(fragmentItem(userId, fragment), { ConditionExpression: 'attribute_not_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getFragment(userId: string, fragmentId: string, consistent = false): Promise<StoredFragment | undefined> {
  const item = await table.get<Record<string, unknown>>(keys.fragment(userId, fragmentId), consistent);
  return item ? strip<StoredFragment>(item) : undefined;
}

/** Several of the user's fragments by id (missing ones are left out), in one batch read per 100. */
export async function getFragments(userId: string, fragmentIds: string[]): Promise<StoredFragment[]> {
  const items = await table.batchGet<Record<string, unknown>>([...new Set(fragmentIds)].map((id) => keys.fragment(userId, id)));
  return items.map((item) => strip<StoredFragment>(item));
}

/**
 * Changes a fragment: read, change, put back conditioned on the `updatedAt` read, retried when
 * another save came in between. Undefined when the user has no such fragment.
 */
export async function updateFragment(userId: string, fragmentId: string, change: (current: StoredFragment) => StoredFragment): Promise<StoredFragment | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getFragment(userId, fragmentId, attempt > 0);
    if (!current) return undefined;
    const next = change(current);
    try {
      await table.put(fragmentItem(userId, next), { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': current.updatedAt } });
      return next;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  throw new Error(`Fragment ${fragmentId} kept changing while being updated`);
}

/** The deleted fragment; undefined when the user has no such fragment. */
export async function deleteFragment(userId: string, fragmentId: string): Promise<StoredFragment | undefined> {
  const old = await table.delete<Record<string, unknown>>(keys.fragment(userId, fragmentId), { ReturnValues: 'ALL_OLD' });
  return old ? strip<StoredFragment>(old) : undefined;
}

/**
 * Claims a client request id for a fragment id (decision 0001: the claim comes first). Undefined
 * when this call claimed it, else the fragment id the first request claimed it for.
 */
export async function claimFragmentRequest(userId: string, clientRequestId: string, fragmentId: string, now: Date): Promise<string | undefined> {
  const key = keys.fragmentRequest(userId, clientRequestId);
  try {
    const expiresAt = ttlFrom(new Date(now.getTime() + REQUEST_CLAIM_DAYS * 86_400_000));
    await table.put({ ...key, entity: 'fragmentRequest', fragmentId, expiresAt }, { ConditionExpression: 'attribute_not_exists(pk)' });
    return undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const claim = await table.get<{ fragmentId: string }>(key, true);
  return claim?.fragmentId ?? fragmentId;
}

export interface FragmentListOptions {
  /** Case-insensitive, over content and tags. */
  q?: string | undefined;
  type?: FragmentType | undefined;
  clusterId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The cursor names the last fragment returned; the keys are rebuilt in the caller's own partition. */
function cursorOf(fragment: StoredFragment): string {
  return Buffer.from(JSON.stringify({ id: fragment.id, timestamp: fragment.timestamp })).toString('base64url');
}

function startKey(userId: string, cursor: string): Record<string, unknown> {
  const { id, timestamp } = decodeCursor(cursor);
  if (typeof id !== 'string' || typeof timestamp !== 'string') throw new InvalidCursorError();
  return { ...keys.fragment(userId, id), gsi1pk: keys.fragmentList(userId), gsi1sk: `${timestamp}#${id}` };
}

function filterOf(options: FragmentListOptions): { expression?: string; values: Record<string, unknown> } {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const q = options.q?.trim().toLowerCase();
  if (q) {
    parts.push('contains(searchText, :q)');
    values[':q'] = q;
  }
  if (options.type) {
    parts.push('#type = :type');
    values[':type'] = options.type;
  }
  if (options.clusterId) {
    parts.push('clusterId = :cluster');
    values[':cluster'] = options.clusterId;
  }
  return parts.length ? { expression: parts.join(' AND '), values } : { values };
}

/** Newest first, filtered by search, type and theme: one query while the matches fit a 1 MB page. */
export async function listFragments(userId: string, options: FragmentListOptions): Promise<{ fragments: StoredFragment[]; nextCursor: string | null }> {
  const filter = filterOf(options);
  const found: StoredFragment[] = [];
  let start = options.cursor ? startKey(userId, options.cursor) : undefined;
  do {
    const page = await withCursorCheck(() =>
      table.query<Record<string, unknown>>({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.fragmentList(userId), ...filter.values },
        ...(filter.expression ? { FilterExpression: filter.expression } : {}),
        ...(options.type ? { ExpressionAttributeNames: { '#type': 'type' } } : {}),
        ...(filter.expression ? {} : { Limit: options.limit + 1 }),
        ScanIndexForward: false,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...page.items.map((item) => strip<StoredFragment>(item)));
    start = page.lastKey;
  } while (start && found.length <= options.limit);
  const fragments = found.slice(0, options.limit);
  const more = found.length > options.limit || (start !== undefined && fragments.length === options.limit);
  return { fragments, nextCursor: more ? cursorOf(fragments[fragments.length - 1]!) : null };
}

/** Every fragment of the user, newest first (themes read them all). */
export async function listAllFragments(userId: string): Promise<StoredFragment[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.fragmentList(userId) },
    ScanIndexForward: false,
  });
  return items.map((item) => strip<StoredFragment>(item));
}

/** Range bounds on `<iso>#<id>` sort keys, both ends inclusive ('$' sorts just after '#'). */
function between(fromIso: string, toIso: string) {
  return { ':from': `${fromIso}#`, ':to': `${toIso}$` };
}

/** Fragments captured from `fromIso` to `toIso` inclusive, oldest first (the log's range). */
export async function listFragmentsBetween(userId: string, fromIso: string, toIso: string): Promise<StoredFragment[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.fragmentList(userId), ...between(fromIso, toIso) },
  });
  return items.map((item) => strip<StoredFragment>(item));
}

export async function putWovenReflection(userId: string, reflection: WovenReflection): Promise<void> {
  await table.put({
    ...keys.wovenReflection(userId, reflection.id),
    entity: 'wovenReflection',
    ...reflection,
    gsi1pk: keys.wovenReflectionList(userId),
    gsi1sk: `${reflection.createdAt}#${reflection.id}`,
  });
}

/** Woven reflections created from `fromIso` to `toIso` inclusive, oldest first. */
export async function listWovenReflectionsBetween(userId: string, fromIso: string, toIso: string): Promise<WovenReflection[]> {
  const items = await table.queryAll<Record<string, unknown>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.wovenReflectionList(userId), ...between(fromIso, toIso) },
  });
  return items.map((item) => strip<WovenReflection>(item));
}
