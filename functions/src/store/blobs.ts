import { awsSigner } from '../aws/aws-signer.ts';
import { env } from '../config/env.ts';
import { checkBucketAccess } from './declared-access.ts';

/**
 * Objects in the stack's buckets (files: large message bodies; audio: the mentor interview's
 * recordings), over plain signed HTTP (`awsSigner`): the AWS SDK's S3 client would add about
 * 200 KB to every Lambda that reads a message.
 */
/**
 * Three retries with backoff (under a second in all), as the AWS SDK's own standard: the signer's
 * default ten can wait out 50 s on a failing S3, past every API function's timeout, turning a
 * clear "try again" into a timed-out 500.
 */
const S3_RETRIES = 3;
const client = () => awsSigner('s3', { retries: S3_RETRIES });

/** The stack's buckets by role; each name is read from the environment when first used. */
const BUCKETS = { files: env.filesBucket, audio: env.audioBucket } as const;
export type BucketRole = keyof typeof BUCKETS;

/** Path-style against a local S3 (one host for every bucket), virtual-hosted against AWS. */
function bucketUrl(bucket: string): string {
  const endpoint = env.s3Endpoint();
  return endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${env.region()}.amazonaws.com`;
}

function objectUrl(bucket: string, key: string): string {
  return `${bucketUrl(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** S3 still throttling (503 SlowDown) or failing (5xx) after the signer's retries: worth trying again later. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

async function send(
  bucket: string,
  method: 'GET' | 'PUT' | 'DELETE',
  key: string,
  init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
  missingIsAnswer = method === 'DELETE',
): Promise<Response> {
  // fetch sends any byte view; the DOM typings in some projects insist on one over a plain ArrayBuffer.
  const response = await client().fetch(objectUrl(bucket, key), { method, ...init, body: init.body as RequestInit['body'] });
  if (!response.ok && !(missingIsAnswer && response.status === 404)) {
    const detail = (await response.text()).slice(0, 300);
    const message = `S3 ${method} ${key} failed with ${response.status}: ${detail}`;
    throw response.status >= 500 || response.status === 429 ? new StorageUnavailableError(message) : new Error(message);
  }
  return response;
}

function xmlText(value: string): string {
  return value.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity] ?? '');
}

/** One bucket's objects: text and bytes in and out, deletes and listings. */
export function bucketObjects(role: BucketRole) {
  const name = BUCKETS[role];
  /** Locally, refuses a key outside the route's declared folders, as its role would in AWS. */
  const reach = (key: string) => {
    checkBucketAccess(role, key);
    return key;
  };
  const objects = {
    /** `s3://bucket/key`, as other AWS services (Amazon Transcribe) name an object, with the caller's rights. */
    uri: (key: string) => `s3://${name()}/${reach(key)}`,
    putText: async (key: string, text: string, contentType = 'application/json; charset=utf-8') => {
      await send(name(), 'PUT', reach(key), { body: text, headers: { 'content-type': contentType } });
    },
    getText: async (key: string) => (await send(name(), 'GET', reach(key))).text(),
    putBytes: async (key: string, bytes: Uint8Array, contentType: string) => {
      await send(name(), 'PUT', reach(key), { body: bytes, headers: { 'content-type': contentType } });
    },
    getBytes: async (key: string) => new Uint8Array(await (await send(name(), 'GET', reach(key))).arrayBuffer()),
    /**
     * Copies an object within the bucket, inside S3 (CopyObject: no bytes pass through the
     * function); false when there is no object at `from`. Tags are not copied (REPLACE, none
     * given): the function may not read or write tags, and copying an upload that carried some
     * would otherwise be refused.
     */
    copy: async (from: string, to: string) => {
      const source = `/${name()}/${reach(from).split('/').map(encodeURIComponent).join('/')}`;
      const response = await send(name(), 'PUT', reach(to), { headers: { 'x-amz-copy-source': source, 'x-amz-tagging-directive': 'REPLACE' } }, true);
      if (response.status === 404) return false;
      // A copy that fails after S3 has started answering is a 200 whose body is an <Error>.
      const body = await response.text();
      if (body.includes('<Error>')) throw new StorageUnavailableError(`S3 copy ${from} to ${to} failed: ${body.slice(0, 300)}`);
      return true;
    },
    /** The object's bytes, or null when there is no such object. */
    findBytes: async (key: string) => {
      const response = await send(name(), 'GET', reach(key), {}, true);
      return response.status === 404 ? null : new Uint8Array(await response.arrayBuffer());
    },
    /**
     * A URL that lets whoever holds it GET or PUT one object until it expires (SigV4 in the query
     * string). Every header given is signed, content-length too: the request must carry them exactly.
     */
    presign: async (method: 'GET' | 'PUT', key: string, options: { expiresSeconds: number; headers?: Record<string, string>; query?: Record<string, string> }) => {
      const url = new URL(objectUrl(name(), reach(key)));
      for (const [param, value] of Object.entries(options.query ?? {})) url.searchParams.set(param, value);
      url.searchParams.set('X-Amz-Expires', String(options.expiresSeconds));
      const signed = await client().sign(url.toString(), { method, headers: options.headers ?? {}, aws: { signQuery: true, allHeaders: true } });
      return signed.url;
    },
    /** The object's first `length` bytes and its whole size (one ranged GET), or null when there is no such object. */
    readHead: async (key: string, length: number) => {
      const response = await client().fetch(objectUrl(name(), reach(key)), { method: 'GET', headers: { range: `bytes=0-${length - 1}` } });
      if (response.status === 404) return null;
      // An empty object has no byte 0 to range over.
      if (response.status === 416) return { bytes: new Uint8Array(0), size: 0 };
      if (!response.ok) throw new Error(`S3 GET ${key} failed with ${response.status}: ${(await response.text()).slice(0, 300)}`);
      const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, length);
      const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
      return { bytes, size: total === undefined ? bytes.length : Number(total) };
    },
    /** Deletes objects ten at a time; one already gone counts as deleted. */
    delete: async (keyList: string[]) => {
      for (let i = 0; i < keyList.length; i += 10) {
        await Promise.all(keyList.slice(i, i + 10).map((key) => send(name(), 'DELETE', reach(key))));
      }
    },
    /** Every key under a prefix (ListObjectsV2, 1,000 a page). */
    listKeys: async (prefix: string) => {
      reach(prefix);
      const found: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
        const response = await client().fetch(`${bucketUrl(name())}/?${query.toString()}`, { method: 'GET' });
        const xml = await response.text();
        if (!response.ok) throw new Error(`S3 list ${prefix} failed with ${response.status}: ${xml.slice(0, 300)}`);
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) found.push(xmlText(match[1] ?? ''));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined : undefined;
      } while (token);
      return found;
    },
    /** Deletes every object under a prefix (a user's folder); returns how many there were. */
    deletePrefix: async (prefix: string) => {
      const found = await objects.listKeys(prefix);
      await objects.delete(found);
      return found.length;
    },
  };
  return objects;
}
export type BucketObjects = ReturnType<typeof bucketObjects>;

const files = bucketObjects('files');

/** Text too large for a DynamoDB item lives in the files bucket; the item keeps the key. */
export const putTextBlob = (key: string, text: string) => files.putText(key, text);
export const getTextBlob = (key: string) => files.getText(key);
export const deleteBlobs = (keyList: string[]) => files.delete(keyList);
export const listBlobKeys = (prefix: string) => files.listKeys(prefix);
export const deleteBlobPrefix = (prefix: string) => files.deletePrefix(prefix);
