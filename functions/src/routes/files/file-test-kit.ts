import { crc32, deflateSync } from 'node:zlib';
import type { FileRecord } from '@meld/shared';
import { bucketObjects } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { registerMember, type ApiClient } from '../api-test-kit.ts';

/** Real tiny files for the file routes' tests, and a member who uploads them over HTTP. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A valid PNG of `width` x `height` pixels, coloured by `seed` (0: black), as canvas.toBlob makes them. */
export function png(width = 3, height = 2, seed = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = (y: number) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => (seed ? [(x * seed) % 256, (y * 7) % 256, seed % 256] : [0, 0, 0])).flat()]);
  const rows = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A Windows program's first bytes (the DOS stub's "MZ"), padded out. */
export const WINDOWS_PROGRAM = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
/** A Linux program's first bytes (ELF). */
export const LINUX_PROGRAM = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(200, 0)]);

export interface Part {
  name: string;
  type: string;
  data: Buffer;
}

export async function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const part of parts) form.append('file', new Blob([part.data], { type: part.type }), part.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export type Answer<T> = { status: number; headers: Headers; json: T & { message?: string; code?: string; field?: string }; text: string };
export type UploadAnswer = Answer<{ message: string; files: FileRecord[] }>;

/** A new member with the calls the file tests make. */
export async function fileUser(client: ApiClient) {
  const { token, response, body } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const authorization = `Bearer ${token}`;
  return {
    userId,
    email: body.email,
    call: <T>(method: string, path: string, json?: unknown): Promise<Answer<T>> =>
      client.request(method, path, { headers: { authorization }, ...(json === undefined ? {} : { json }) }) as Promise<Answer<T>>,
    upload: async (parts: Part[], fields: Record<string, string> = {}, path = '/api/files'): Promise<UploadAnswer> => {
      const form = await multipart(parts, fields);
      return client.request('POST', path, { body: form.body, headers: { ...form.headers, authorization } }) as Promise<UploadAnswer>;
    },
    /** Every object under the user's folders of the files bucket: files, and presigned uploads not yet confirmed. */
    stored: async () => (await Promise.all([keys.userFilesPrefix(userId), keys.userUploadsPrefix(userId)].map((prefix) => bucketObjects('files').listKeys(prefix)))).flat(),
  };
}
export type FileUser = Awaited<ReturnType<typeof fileUser>>;
