import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';
import { DeleteItemCommand, DynamoDBClient, GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '@meld/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './embedded-services.ts';

/**
 * DynamoDB's global secondary indexes are eventually consistent: a query on one may miss a write
 * that has already succeeded. dynalite updates its indexes with the write, so a path that reads
 * its own write through an index passes locally and fails in AWS. This proxy, in front of
 * dynalite, serves index queries from a second table (the view) that receives each write only
 * `lagMs` after it: a query right after a write does not see it (nor an update's new index keys,
 * and it still sees a deleted item); once the lag has passed it does. Everything else passes through.
 *
 * How the view follows: after each successful write the proxy reads the written keys back from the
 * table (consistently) and copies what it finds, or the absence, into the view `lagMs` later.
 * Reads and copies of one key keep their order, so the view ends in the table's state.
 */
export interface IndexLagProxy {
  url: string;
  /**
   * Resolves once the view holds every write made so far: for a test's setup, whose data stands for
   * what was written long before the request under test (in AWS the index would have caught up).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface IndexLagOptions {
  lagMs: number;
  /** The table the app uses, and the view: a table of the same shape that index queries read instead. */
  tableName: string;
  viewTableName: string;
}

type Key = Record<string, AttributeValue>;
type Body = Record<string, unknown>;

const TARGET_PREFIX = 'DynamoDB_20120810.';
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
/** The attributes that put an item in an index: only such items need a copy in the view. */
const INDEX_KEYS: string[] = TABLE_SCHEMA.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]);

/** A written key, and whether the write itself gives the item index keys (or changes them). */
interface Written {
  key: Key;
  touchesIndex: boolean;
}

export async function startIndexLagProxy(target: string, options: IndexLagOptions): Promise<IndexLagProxy> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const dynamo = new DynamoDBClient({ endpoint: target, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const view = new ViewFollower(dynamo, options);

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, written: Written[]) => {
    const headers = { ...req.headers, 'content-length': String(body.length) };
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers, agent }, (answer) => {
      if (answer.statusCode === 200) for (const { key, touchesIndex } of written) view.follow(key, touchesIndex);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const operation = String(req.headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
      const body = parse(raw);
      if (!body || (body.TableName !== options.tableName && operation !== 'BatchWriteItem')) return forward(req, res, raw, []);
      if ((operation === 'Query' || operation === 'Scan') && typeof body.IndexName === 'string') {
        // The SDK does not sign DynamoDB bodies in a way dynalite checks, so the rewrite goes through.
        return forward(req, res, Buffer.from(JSON.stringify({ ...body, TableName: options.viewTableName })), []);
      }
      forward(req, res, raw, WRITES.has(operation) ? writtenKeys(operation, body, options.tableName) : []);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    settled: () => view.settled(),
    close: async () => {
      view.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      dynamo.destroy();
    },
  };
}

function parse(raw: Buffer): Body | undefined {
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    return typeof body === 'object' && body !== null ? (body as Body) : undefined;
  } catch {
    return undefined;
  }
}

const keyOf = (item: Key): Key => ({ [TABLE_SCHEMA.partitionKey]: item[TABLE_SCHEMA.partitionKey]!, [TABLE_SCHEMA.sortKey]: item[TABLE_SCHEMA.sortKey]! });
const hasIndexKeys = (item: Key) => INDEX_KEYS.some((name) => name in item);

/** An update names an index key in its expression, directly or through an attribute name. */
function updateTouchesIndex(body: Body): boolean {
  const expression = String(body.UpdateExpression ?? '');
  const names = Object.values((body.ExpressionAttributeNames as Record<string, string> | undefined) ?? {});
  return INDEX_KEYS.some((name) => expression.includes(name) || names.includes(name));
}

/** The primary keys a write touches, in the table's own attribute format. */
function writtenKeys(operation: string, body: Body, tableName: string): Written[] {
  if (operation === 'PutItem') return [{ key: keyOf(body.Item as Key), touchesIndex: hasIndexKeys(body.Item as Key) }];
  if (operation === 'UpdateItem') return [{ key: keyOf(body.Key as Key), touchesIndex: updateTouchesIndex(body) }];
  if (operation === 'DeleteItem') return [{ key: keyOf(body.Key as Key), touchesIndex: false }];
  const requests = ((body.RequestItems as Record<string, unknown[]> | undefined)?.[tableName] ?? []) as { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[];
  return requests.flatMap((entry) =>
    entry.PutRequest ? [{ key: keyOf(entry.PutRequest.Item), touchesIndex: hasIndexKeys(entry.PutRequest.Item) }] : entry.DeleteRequest ? [{ key: keyOf(entry.DeleteRequest.Key), touchesIndex: false }] : [],
  );
}

/** Copies the table's state of each written key into the view, `lagMs` after the write, in order per key. */
class ViewFollower {
  /** Per key: the last read of the table, and the last copy into the view, each chained after the one before. */
  private readonly reads = new Map<string, Promise<unknown>>();
  private readonly copies = new Map<string, Promise<unknown>>();
  /** Keys whose item the view holds: only items with index keys are copied (messages, sessions and counters never are). */
  private readonly inView = new Set<string>();
  /** Lags still running, each with how to end it early when the proxy stops. */
  private readonly lags = new Map<NodeJS.Timeout, () => void>();
  private stopped = false;

  constructor(
    private readonly dynamo: DynamoDBClient,
    private readonly options: IndexLagOptions,
  ) {}

  /** After a write of `key`: nothing to do unless it gives the item index keys, or the view has (or is about to have) the item. */
  follow(key: Key, touchesIndex: boolean): void {
    const id = JSON.stringify(key);
    if (!touchesIndex && !this.inView.has(id) && !this.copies.has(id)) return;
    const read = this.chain(this.reads, id, async () => {
      const { Item } = await this.dynamo.send(new GetItemCommand({ TableName: this.options.tableName, Key: key, ConsistentRead: true }));
      return { item: Item, due: this.lag() };
    });
    this.chain(this.copies, id, async () => {
      const { item, due } = await read;
      if (!(await due)) return;
      if (item && hasIndexKeys(item)) {
        await this.dynamo.send(new PutItemCommand({ TableName: this.options.viewTableName, Item: item }));
        this.inView.add(id);
      } else if (this.inView.has(id)) {
        await this.dynamo.send(new DeleteItemCommand({ TableName: this.options.viewTableName, Key: key }));
        this.inView.delete(id);
      }
    });
  }

  /** Waits for every copy started so far, and for those their reads start meanwhile. */
  async settled(): Promise<void> {
    while (this.copies.size > 0) await Promise.allSettled([...this.copies.values()]);
  }

  stop(): void {
    this.stopped = true;
    for (const [timer, end] of this.lags) {
      clearTimeout(timer);
      end();
    }
    this.lags.clear();
  }

  /**
   * True once `lagMs` has passed since the call, false if the proxy stops first. The lag starts once
   * the state is read. node:timers, so a test's fake timers do not hold the view back.
   */
  private lag(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.lags.delete(timer);
        resolve(true);
      }, this.options.lagMs);
      this.lags.set(timer, () => resolve(false));
    });
  }

  private chain<T>(links: Map<string, Promise<unknown>>, id: string, step: () => Promise<T>): Promise<T> {
    const next = (links.get(id) ?? Promise.resolve()).catch(() => {}).then(step);
    links.set(id, next);
    // A failed step (the stack stopping, its tables dropped) ends that copy only; the map does not grow.
    void next.catch(() => {}).finally(() => links.get(id) === next && links.delete(id));
    return next;
  }
}
