import { GetObjectCommand, PutObjectCommand, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '../config/env.ts';

let client: { endpoint: string | undefined; s3: S3Client } | undefined;

function s3(): S3Client {
  const endpoint = env.s3Endpoint();
  if (client && client.endpoint === endpoint) return client.s3;
  // A local S3 (s3rver) answers on one host, so buckets go in the path, not the host name.
  const s3Client = new S3Client({ region: env.region(), ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
  client = { endpoint, s3: s3Client };
  return s3Client;
}

/** Text too large for a DynamoDB item lives in the files bucket; the item keeps the key. */
export async function putTextBlob(key: string, text: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: env.filesBucket(), Key: key, Body: text, ContentType: 'application/json; charset=utf-8' }));
}

export async function getTextBlob(key: string): Promise<string> {
  const result = await s3().send(new GetObjectCommand({ Bucket: env.filesBucket(), Key: key }));
  return (await result.Body?.transformToString('utf-8')) ?? '';
}

export async function deleteBlobs(keyList: string[]): Promise<void> {
  for (let i = 0; i < keyList.length; i += 1000) {
    const batch = keyList.slice(i, i + 1000);
    await s3().send(new DeleteObjectsCommand({ Bucket: env.filesBucket(), Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
  }
}
