import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { TABLE_SCHEMA } from '@meld/shared';
import { lockDataDir } from './data-dir-lock.ts';

/** s3rver only knows its built-in account, so every local S3 client must sign with these. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'us-east-1';

/**
 * What the AWS SDK clients inside the handlers need to talk to the embedded services. The
 * checksum settings matter: by default the SDK sends streamed uploads as aws-chunked bodies
 * with trailing checksums, which s3rver would store verbatim, framing and all.
 */
export const LOCAL_AWS_ENV = {
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  // Lambda runs Node 22; the SDK's notice about Node 20 concerns only this machine.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;

export interface EmbeddedServersOptions {
  /** Keep data under `<dataDir>/dynamodb` and `<dataDir>/s3`; without it DynamoDB is in memory and S3 in a temp dir. */
  dataDir?: string;
  dynamoPort?: number;
  s3Port?: number;
}

/** Where the two servers listen. */
export interface EmbeddedEndpoints {
  dynamoEndpoint: string;
  s3Endpoint: string;
}

export interface EmbeddedServers extends EmbeddedEndpoints {
  stop(): Promise<void>;
}

/** The table and the two buckets the app reads and writes. */
export interface StoreNames {
  tableName: string;
  filesBucket: string;
  audioBucket: string;
}

export type EmbeddedServicesOptions = EmbeddedServersOptions & Partial<StoreNames>;

export interface EmbeddedServices extends EmbeddedServers, StoreNames {}

/**
 * DynamoDB (dynalite) and S3 (s3rver) on loopback, with the table and buckets the app
 * expects. Safe to run against existing data: what exists already is left as it is.
 */
export async function startEmbeddedServices(options: EmbeddedServicesOptions = {}): Promise<EmbeddedServices> {
  const names = { tableName: options.tableName ?? 'meld', filesBucket: options.filesBucket ?? 'meld-files', audioBucket: options.audioBucket ?? 'meld-audio' };
  const servers = await startEmbeddedServers(options);
  try {
    await createStore(servers, names);
  } catch (error) {
    await servers.stop().catch(() => {});
    throw error;
  }
  return { ...servers, ...names };
}

/**
 * The two servers with no table or bucket yet: `createStore` adds them. Tests share one pair
 * across many files, each with a store of its own (local/test-stack.ts).
 */
export async function startEmbeddedServers(options: EmbeddedServersOptions = {}): Promise<EmbeddedServers> {
  const dynamoDir = options.dataDir ? join(options.dataDir, 'dynamodb') : undefined;
  const s3Dir = options.dataDir ? join(options.dataDir, 's3') : await mkdtemp(join(tmpdir(), 'meld-s3-'));
  if (dynamoDir) await mkdir(dynamoDir, { recursive: true });
  await mkdir(s3Dir, { recursive: true });
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
    if (unlock) await unlock();
    else await rm(s3Dir, { recursive: true, force: true });
  };

  try {
    // Loaded here, not with the module: test files that share the run's servers only make tables.
    const [{ default: dynalite }, { default: S3rver }] = await Promise.all([import('dynalite'), import('s3rver')]);
    // Tables flip to ACTIVE at once instead of after dynalite's default half-second.
    const dynamo = dynalite({ path: dynamoDir, createTableMs: 0, updateTableMs: 0, deleteTableMs: 0 });
    const dynamoPort = await listenLoopback(dynamo, options.dynamoPort ?? 0);
    stops.push(() => closeServer(dynamo));
    const s3 = new S3rver({ address: '127.0.0.1', port: options.s3Port ?? 0, directory: s3Dir, silent: true });
    const { port: s3Port } = await s3.run();
    stops.push(() => s3.close());
    return { dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`, s3Endpoint: `http://127.0.0.1:${s3Port}`, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/** The table and buckets on running servers; what exists already is left as it is. */
export async function createStore(endpoints: EmbeddedEndpoints, names: StoreNames): Promise<void> {
  await ensureTable(endpoints.dynamoEndpoint, names.tableName);
  await ensureBuckets(endpoints.s3Endpoint, [names.filesBucket, names.audioBucket]);
}

/** Deletes the table and empties and deletes the buckets, so servers that outlive a store do not grow. */
export async function dropStore(endpoints: EmbeddedEndpoints, names: StoreNames): Promise<void> {
  const dynamo = dynamoClient(endpoints.dynamoEndpoint);
  const s3 = s3Client(endpoints.s3Endpoint);
  try {
    await dynamo.send(new DeleteTableCommand({ TableName: names.tableName })).catch((error: unknown) => {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    });
    for (const Bucket of [names.filesBucket, names.audioBucket]) {
      let page: ListObjectsV2CommandOutput | undefined;
      do {
        page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken: page?.NextContinuationToken }));
        for (const { Key } of page.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket, Key }));
      } while (page.IsTruncated);
      await s3.send(new DeleteBucketCommand({ Bucket }));
    }
  } finally {
    dynamo.destroy();
    s3.destroy();
  }
}

/** Deletes one table, if it is there. */
export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  const dynamo = dynamoClient(endpoint);
  try {
    await dynamo.send(new DeleteTableCommand({ TableName: tableName })).catch((error: unknown) => {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    });
  } finally {
    dynamo.destroy();
  }
}

const dynamoClient = (endpoint: string) => new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
const s3Client = (endpoint: string) => new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });

/** The app's table (keys, indexes, TTL) under `tableName`, unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = dynamoClient(endpoint);
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const { partitionKey, sortKey, ttlAttribute, globalIndexes } = TABLE_SCHEMA;
    const keyNames = [partitionKey, sortKey, ...globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...new Set(keyNames)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: partitionKey, KeyType: 'HASH' },
            { AttributeName: sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: globalIndexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await enableTtl(client, tableName, ttlAttribute);
  } finally {
    client.destroy();
  }
}

/** dynalite does not implement UpdateTimeToLive; the store checks expiry on read, so locally nothing is lost. */
async function enableTtl(client: DynamoDBClient, tableName: string, attributeName: string): Promise<void> {
  try {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: attributeName, Enabled: true } }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'UnknownOperationException') throw error;
  }
}

async function ensureBuckets(endpoint: string, buckets: string[]): Promise<void> {
  const client = s3Client(endpoint);
  try {
    for (const Bucket of buckets) {
      const exists = await client.send(new HeadBucketCommand({ Bucket })).then(
        () => true,
        (error: { $metadata?: { httpStatusCode?: number } }) => {
          if (error.$metadata?.httpStatusCode === 404) return false;
          throw error;
        },
      );
      if (!exists) await client.send(new CreateBucketCommand({ Bucket }));
      // As the stack's buckets allow the site's origins (decision 0018): the browser PUTs presigned
      // uploads and follows download redirects to this server, on another port than the app's.
      await client.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: { CORSRules: [{ AllowedMethods: ['GET', 'PUT', 'HEAD'], AllowedOrigins: ['*'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3600 }] },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

function listenLoopback(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Idle keep-alive sockets from the SDK clients would otherwise hold close() open.
    server.closeAllConnections();
  });
}
