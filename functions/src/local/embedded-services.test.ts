import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DescribeTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_AWS_ENV, LOCAL_CREDENTIALS, LOCAL_REGION, startEmbeddedServices } from './embedded-services.ts';
import type { EmbeddedServices } from './embedded-services.ts';

const clients = (services: EmbeddedServices) => ({
  dynamo: new DynamoDBClient({ endpoint: services.dynamoEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  s3: new S3Client({ endpoint: services.s3Endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true }),
});

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('embedded DynamoDB and S3', () => {
  it('create the single table with its GSI, and both buckets', async () => {
    const services = await startEmbeddedServices({ tableName: 'meld-shape-test' });
    const { dynamo, s3 } = clients(services);
    try {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: 'meld-shape-test' }));
      expect(Table?.TableStatus).toBe('ACTIVE');
      expect(Table?.KeySchema).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      expect(Table?.GlobalSecondaryIndexes?.[0]).toMatchObject({
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
      for (const Bucket of [services.filesBucket, services.audioBucket]) {
        await expect(s3.send(new HeadBucketCommand({ Bucket }))).resolves.toBeDefined();
      }
    } finally {
      dynamo.destroy();
      s3.destroy();
      await services.stop();
    }
  });

  it('store a streamed upload byte for byte for a client configured only by the local AWS environment', async () => {
    const services = await startEmbeddedServices();
    for (const [name, value] of Object.entries(LOCAL_AWS_ENV)) vi.stubEnv(name, value);
    // Built the way the handlers' store builds its client: endpoint and path style, the rest from the environment.
    const s3 = new S3Client({ endpoint: services.s3Endpoint, forcePathStyle: true });
    try {
      const bytes = Buffer.from('a streamed upload, as audio recordings will be');
      await s3.send(
        new PutObjectCommand({ Bucket: services.audioBucket, Key: 'a.webm', Body: Readable.from([bytes]), ContentLength: bytes.length }),
      );
      const object = await s3.send(new GetObjectCommand({ Bucket: services.audioBucket, Key: 'a.webm' }));
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(bytes);
    } finally {
      vi.unstubAllEnvs();
      s3.destroy();
      await services.stop();
    }
  });

  it('keep items and objects across a stop and start with a data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'meld-data-'));
    dataDirs.push(dataDir);

    const first = await startEmbeddedServices({ dataDir });
    const before = clients(first);
    await before.dynamo.send(new PutItemCommand({ TableName: first.tableName, Item: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' }, name: { S: 'Maya' } } }));
    await before.s3.send(new PutObjectCommand({ Bucket: first.filesBucket, Key: 'notes/1.txt', Body: 'kept' }));
    before.dynamo.destroy();
    before.s3.destroy();
    await first.stop();

    const second = await startEmbeddedServices({ dataDir });
    const after = clients(second);
    try {
      const { Item } = await after.dynamo.send(new GetItemCommand({ TableName: second.tableName, Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } } }));
      expect(Item?.name).toEqual({ S: 'Maya' });
      const object = await after.s3.send(new GetObjectCommand({ Bucket: second.filesBucket, Key: 'notes/1.txt' }));
      expect(await object.Body!.transformToString()).toBe('kept');
    } finally {
      after.dynamo.destroy();
      after.s3.destroy();
      await second.stop();
    }
  });
});
