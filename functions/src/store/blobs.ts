import { AwsClient } from 'aws4fetch';
import { env } from '../config/env.ts';

/**
 * Text blobs in the files bucket, over plain signed HTTP. The AWS SDK's S3 client would add about
 * 200 KB to every Lambda that reads a message; these three calls need only a SigV4 signature,
 * which aws4fetch makes with the runtime's own fetch and WebCrypto. Credentials come from the
 * environment, where Lambda (and the local runtime) put them.
 */
let signer: { id: string; client: AwsClient } | undefined;

function client(): AwsClient {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY ?? '';
  const sessionToken = process.env.AWS_SESSION_TOKEN || undefined;
  const id = `${accessKeyId}:${sessionToken ?? ''}:${env.region()}`;
  if (signer?.id === id) return signer.client;
  const created = new AwsClient({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), service: 's3', region: env.region() });
  signer = { id, client: created };
  return created;
}

/** Path-style against a local S3 (one host for every bucket), virtual-hosted against AWS. */
function objectUrl(key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  const endpoint = env.s3Endpoint();
  const bucket = env.filesBucket();
  return endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}/${path}` : `https://${bucket}.s3.${env.region()}.amazonaws.com/${path}`;
}

/** The bucket itself, for listings. */
function bucketUrl(): string {
  const endpoint = env.s3Endpoint();
  const bucket = env.filesBucket();
  return endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${env.region()}.amazonaws.com`;
}

async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await client().fetch(objectUrl(key), { method, ...init });
  if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
    const detail = (await response.text()).slice(0, 300);
    throw new Error(`S3 ${method} ${key} failed with ${response.status}: ${detail}`);
  }
  return response;
}

/** Text too large for a DynamoDB item lives in the files bucket; the item keeps the key. */
export async function putTextBlob(key: string, text: string): Promise<void> {
  await send('PUT', key, { body: text, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export async function getTextBlob(key: string): Promise<string> {
  return (await send('GET', key)).text();
}

/** Deletes blobs ten at a time; a blob already gone counts as deleted. */
export async function deleteBlobs(keyList: string[]): Promise<void> {
  for (let i = 0; i < keyList.length; i += 10) {
    await Promise.all(keyList.slice(i, i + 10).map((key) => send('DELETE', key)));
  }
}

function xmlText(value: string): string {
  return value.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity] ?? '');
}

/** Every key under a prefix (ListObjectsV2, 1,000 a page). */
export async function listBlobKeys(prefix: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
    const response = await client().fetch(`${bucketUrl()}/?${query.toString()}`, { method: 'GET' });
    const xml = await response.text();
    if (!response.ok) throw new Error(`S3 list ${prefix} failed with ${response.status}: ${xml.slice(0, 300)}`);
    for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) found.push(xmlText(match[1] ?? ''));
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined : undefined;
  } while (token);
  return found;
}

/** Deletes every blob under a prefix (a user's folder); returns how many there were. */
export async function deleteBlobPrefix(prefix: string): Promise<number> {
  const found = await listBlobKeys(prefix);
  await deleteBlobs(found);
  return found.length;
}
