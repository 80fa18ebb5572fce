import type { FileRecord } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { bucketObjects } from '../../store/blobs.ts';
import { getFile } from '../../store/file-store.ts';
import { listViolations } from '../../store/violation-store.ts';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { fileUser, LINUX_PROGRAM, PDF, png, type FileUser } from './file-test-kit.ts';

type Upload = { file_id: string; url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string };

/** Asks for a presigned PUT, sends the bytes straight to S3 as a browser would, and confirms. */
async function uploadDirect(me: FileUser, file: { filename: string; type: string; data: Buffer; declared?: number; image?: boolean }) {
  const created = await me.call<Upload>('POST', '/api/files/uploads', { filename: file.filename, type: file.type, bytes: file.declared ?? file.data.length, ...(file.image ? { image: true } : {}) });
  expect(created.status).toBe(201);
  expect(dbCalls(created)).toBe(5);
  const put = await fetch(created.json.url, { method: 'PUT', headers: created.json.headers, body: file.data });
  return { created: created.json, put, confirm: () => me.call<FileRecord>('POST', `/api/files/uploads/${created.json.file_id}/confirm`) };
}

describe('large uploads straight to storage', () => {
  const api = useApi({ config: { files: { endpoints: { small: { fileSizeLimit: 1 / 1024 } } } } });

  it('signs a PUT for one file, takes the bytes in S3 and records the file at the confirm', async () => {
    const me = await fileUser(api().client());
    const upload = await uploadDirect(me, { filename: 'screenshot.png', type: 'image/png', data: png(640, 480), image: true });
    expect(upload.created.headers).toEqual({ 'content-type': 'image/png' });
    expect(upload.put.status).toBe(200);
    const confirmed = await upload.confirm();
    expect(confirmed.status).toBe(200);
    expect(dbCalls(confirmed)).toBe(5);
    expect(confirmed.json).toMatchObject({ file_id: upload.created.file_id, type: 'image/png', width: 640, height: 480, bytes: png(640, 480).length, temporary: true });
    expect((await me.call<FileRecord[]>('GET', '/api/files')).json).toEqual([confirmed.json]);
    const download = await me.call('GET', confirmed.json.filepath);
    expect(Buffer.from(await (await fetch(download.headers.get('location')!)).arrayBuffer())).toEqual(png(640, 480));
    // A second confirm answers the same file.
    expect((await upload.confirm()).json).toEqual(confirmed.json);
  });

  it('lets a browser on the site PUT to the presigned URL and read the download it is redirected to (CORS)', async () => {
    const me = await fileUser(api().client());
    const created = await me.call<Upload>('POST', '/api/files/uploads', { filename: 'notes.txt', type: 'text/plain', bytes: 5 });
    const origin = 'http://localhost:3080';
    const preflight = await fetch(created.json.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    await fetch(created.json.url, { method: 'PUT', headers: { ...created.json.headers, origin }, body: 'hello' });
    const file = (await me.call<FileRecord>('POST', `/api/files/uploads/${created.json.file_id}/confirm`)).json;
    const download = await fetch((await me.call('GET', file.filepath)).headers.get('location')!, { headers: { origin } });
    expect(download.headers.get('access-control-allow-origin')).toBe('*');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="notes.txt"; filename*=UTF-8\'\'notes.txt');
    expect(await download.text()).toBe('hello');
  });

  it('refuses a renamed program at the confirm and deletes it from the bucket', async () => {
    const me = await fileUser(api().client());
    const upload = await uploadDirect(me, { filename: 'contract.pdf', type: 'application/pdf', data: LINUX_PROGRAM });
    expect(upload.put.status).toBe(200);
    expect(await me.stored()).toHaveLength(1);
    const confirmed = await upload.confirm();
    expect(confirmed.status).toBe(400);
    expect(confirmed.json).toMatchObject({ code: 'file_upload_limit', message: 'contract.pdf is a program, and programs cannot be uploaded.' });
    expect(await me.stored()).toEqual([]);
    expect((await me.call('GET', '/api/files')).json).toEqual([]);
    expect(await listViolations(me.userId, 'file_upload_limit')).toHaveLength(1);
    // The upload is gone: confirming again finds nothing.
    expect((await upload.confirm()).status).toBe(404);
  });

  it('holds the upload to its declared size: signed into the URL, and checked again at the confirm', async () => {
    const me = await fileUser(api().client());
    const data = Buffer.concat([PDF, Buffer.from('more bytes than declared')]);
    const upload = await uploadDirect(me, { filename: 'report.pdf', type: 'application/pdf', data, declared: PDF.length });
    // S3 compares signed headers with the request's; the local S3 does not check signatures, so the confirm must.
    expect(new URL(upload.created.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const confirmed = await upload.confirm();
    expect(confirmed.status).toBe(400);
    expect(confirmed.json).toMatchObject({ code: 'file_upload_limit', message: `report.pdf is ${data.length} bytes, not the ${PDF.length} announced.` });
    expect(await me.stored()).toEqual([]);
  });

  it('answers 409 to a confirm before the bytes arrived, and confirms once they have', async () => {
    const me = await fileUser(api().client());
    const created = await me.call<Upload>('POST', '/api/files/uploads', { filename: 'notes.txt', type: 'text/plain', bytes: 5 });
    const early = await me.call('POST', `/api/files/uploads/${created.json.file_id}/confirm`);
    expect(early.status).toBe(409);
    await fetch(created.json.url, { method: 'PUT', headers: created.json.headers, body: 'hello' });
    const confirmed = await me.call<FileRecord>('POST', `/api/files/uploads/${created.json.file_id}/confirm`);
    expect(confirmed.json).toMatchObject({ type: 'text/plain', bytes: 5, filename: 'notes.txt' });
  });

  it('refuses before signing a file too large, a name of no supported type, or an image that is not one', async () => {
    const me = await fileUser(api().client());
    const cases = [
      [{ filename: 'big.pdf', type: 'application/pdf', bytes: 2048, endpoint: 'small' }, 413, 'big.pdf is larger than the 1 KB file size limit.'],
      [{ filename: 'setup.exe', type: 'application/x-msdownload', bytes: 2048 }, 400, 'setup.exe does not have the name of a supported file type.'],
      [{ filename: 'paper.pdf', type: 'application/pdf', bytes: 2048, image: true }, 400, 'paper.pdf (application/pdf) is not a supported file type: upload PNG, JPEG, GIF and WebP images.'],
    ] as const;
    for (const [body, status, message] of cases) {
      const answer = await me.call('POST', '/api/files/uploads', body);
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({ code: 'file_upload_limit', message });
    }
    expect(await listViolations(me.userId, 'file_upload_limit')).toHaveLength(3);
  });

  it('serves the bytes the confirm checked: a second PUT to the still-valid URL changes nothing anyone reads', async () => {
    const me = await fileUser(api().client());
    const image = png(40, 30);
    const upload = await uploadDirect(me, { filename: 'photo.png', type: 'image/png', data: image, image: true });
    const confirmed = await upload.confirm();
    expect(confirmed.json).toMatchObject({ type: 'image/png', bytes: image.length });
    // The same URL and headers, other bytes of the same length: S3 (and the local one) takes them.
    const html = Buffer.alloc(image.length, ' ');
    html.write('<!doctype html><script>alert(document.domain)</script>');
    expect((await fetch(upload.created.url, { method: 'PUT', headers: upload.created.headers, body: html })).status).toBe(200);

    const download = await me.call('GET', confirmed.json.filepath);
    expect(Buffer.from(await (await fetch(download.headers.get('location')!)).arrayBuffer())).toEqual(image);
    // Prompts' attachments, text extraction and every other reader go by the record's key.
    const stored = await getFile(me.userId, confirmed.json.file_id);
    expect(Buffer.from(await bucketObjects('files').getBytes(stored!.objectKey))).toEqual(image);
    expect(new URL(upload.created.url).pathname).not.toContain(stored!.objectKey);

    // Deleting the file removes its object and what the URL wrote after the confirm.
    expect((await me.call('DELETE', '/api/files', { files: [{ file_id: confirmed.json.file_id }] })).status).toBe(200);
    expect(await me.stored()).toEqual([]);
  });

  it("answers 404 for another user's upload", async () => {
    const me = await fileUser(api().client());
    const other = await fileUser(api().client());
    const upload = await uploadDirect(me, { filename: 'report.pdf', type: 'application/pdf', data: PDF });
    expect((await other.call('POST', `/api/files/uploads/${upload.created.file_id}/confirm`)).status).toBe(404);
    expect(await me.stored()).toHaveLength(1);
    expect((await upload.confirm()).status).toBe(200);
  });
});
