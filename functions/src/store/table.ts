import { DynamoDBClient, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env.ts';
import { untilProcessed } from './batch-retry.ts';
import { recordDbCall, recordDbCapacity } from './db-call-counter.ts';
import { checkTableAccess } from './declared-access.ts';
import { refuseOversizedItems } from './item-size.ts';

/** Every item carries its keys; the rest is the entity's own attributes. */
export interface Keys {
  pk: string;
  sk: string;
}

/**
 * A local endpoint means the local runtime, where every handler shares this one client: the SDK's
 * 50 sockets queue under load (one Lambda instance serves one request at a time, so AWS keeps the
 * defaults). Options, not an agent, so the SDK builds its own and no HTTP handler is imported here.
 */
const LOCAL_SOCKETS = { httpAgent: { keepAlive: true, maxSockets: 256 }, httpsAgent: { keepAlive: true, maxSockets: 256 } };

let client: { endpoint: string | undefined; doc: DynamoDBDocumentClient } | undefined;

function documentClient(): DynamoDBDocumentClient {
  const endpoint = env.dynamoEndpoint();
  if (client && client.endpoint === endpoint) return client.doc;
  const base = new DynamoDBClient({ region: env.region(), ...(endpoint ? { endpoint, requestHandler: LOCAL_SOCKETS } : {}) });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      checkTableAccess(context.commandName ?? '', args.input as { IndexName?: string });
      if (endpoint) refuseOversizedItems(context.commandName ?? '', args.input as Parameters<typeof refuseOversizedItems>[1]);
      recordDbCall();
      if (!env.exposeDbCalls()) return next(args);
      // Capacity is asked for only where calls are counted (local runs, tests, the bench), never in production.
      const result = await next({ ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } });
      recordConsumedCapacity(context.commandName, (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'meldDbCallCounter' },
  );
  const doc = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  client = { endpoint, doc };
  return doc;
}

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand']);

/** Batch calls answer one entry per table; TOTAL gives units per table, which is per call here (one table). */
function recordConsumedCapacity(commandName: string | undefined, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  const units = [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
  recordDbCapacity(READS.has(commandName ?? '') ? 'read' : 'write', units);
}

/** Thin wrappers that fill in the table name: the only place that talks to DynamoDB. */
export const table = {
  /** `attributes` reads only those (a smaller answer; DynamoDB still charges for the whole item). */
  async get<T>(key: Keys, consistent = false, attributes?: string[]): Promise<T | undefined> {
    const projection = attributes && {
      ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
    };
    const result = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: key, ConsistentRead: consistent, ...projection }));
    return result.Item as T | undefined;
  },
  async put(item: Keys & Record<string, unknown>, options: Omit<PutCommandInput, 'TableName' | 'Item'> = {}): Promise<void> {
    await documentClient().send(new PutCommand({ TableName: env.tableName(), Item: item, ...options }));
  },
  async update<T>(key: Keys, options: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<T | undefined> {
    const result = await documentClient().send(new UpdateCommand({ TableName: env.tableName(), Key: key, ...options }));
    return result.Attributes as T | undefined;
  },
  /** The deleted item's attributes when asked for with `ReturnValues: 'ALL_OLD'`. */
  async delete<T = never>(key: Keys, options: Omit<DeleteCommandInput, 'TableName' | 'Key'> = {}): Promise<T | undefined> {
    const result = await documentClient().send(new DeleteCommand({ TableName: env.tableName(), Key: key, ...options }));
    return result.Attributes as T | undefined;
  },
  async query<T>(options: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: T[]; lastKey: Record<string, unknown> | undefined }> {
    const result = await documentClient().send(new QueryCommand({ TableName: env.tableName(), ...options }));
    return { items: (result.Items ?? []) as T[], lastKey: result.LastEvaluatedKey };
  },
  /** Every page of a query, for walks that must see all items (deletes, whole trees). */
  async queryAll<T>(options: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
    const items: T[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await table.query<T>({ ...options, ...(start ? { ExclusiveStartKey: start } : {}) });
      items.push(...page.items);
      start = page.lastKey;
    } while (start);
    return items;
  },
  /** Every item of the table, page by page. Never on a request path: the local seed's one-off backfills and tests. */
  async scanAll<T>(options: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'> = {}): Promise<T[]> {
    const items: T[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(new ScanCommand({ TableName: env.tableName(), ...options, ...(start ? { ExclusiveStartKey: start } : {}) }));
      items.push(...((page.Items ?? []) as T[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  },
  /** Puts and deletes in batches of 25, retrying what DynamoDB leaves unprocessed (batch-retry.ts). */
  async batchWrite(puts: (Keys & Record<string, unknown>)[], deletes: Keys[] = []): Promise<void> {
    type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
    const requests: WriteRequest[] = [...puts.map((Item) => ({ PutRequest: { Item } })), ...deletes.map((Key) => ({ DeleteRequest: { Key: { pk: Key.pk, sk: Key.sk } } }))];
    for (let i = 0; i < requests.length; i += 25) {
      await untilProcessed('BatchWriteItem', requests.slice(i, i + 25), async (pending) => {
        const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [env.tableName()]: pending } }));
        return result.UnprocessedItems?.[env.tableName()];
      });
    }
  },
  /** Gets up to 100 items by key per call, retrying unprocessed keys (batch-retry.ts); order is not kept. */
  async batchGet<T>(keyList: Keys[]): Promise<T[]> {
    const found: T[] = [];
    for (let i = 0; i < keyList.length; i += 100) {
      await untilProcessed('BatchGetItem', keyList.slice(i, i + 100).map(({ pk, sk }): Record<string, unknown> => ({ pk, sk })), async (pending) => {
        const result = await documentClient().send(new BatchGetCommand({ RequestItems: { [env.tableName()]: { Keys: pending } } }));
        found.push(...((result.Responses?.[env.tableName()] ?? []) as T[]));
        return result.UnprocessedKeys?.[env.tableName()]?.Keys;
      });
    }
    return found;
  },
};

/** True when a conditional write failed because its condition did not hold. */
export function isConditionFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** DynamoDB TTL wants epoch seconds. */
export function ttlFrom(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** TTL deletion is late by design, so reads check expiry themselves. */
export function isExpired(item: { expiresAt?: number } | undefined, now = new Date()): boolean {
  return item?.expiresAt !== undefined && item.expiresAt <= ttlFrom(now);
}
