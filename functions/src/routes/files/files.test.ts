import { randomUUID } from 'node:crypto';
import type { FileConfig, FileRecord } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { listFiles, markFilesAttached } from '../../store/file-store.ts';
import { listViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, useApi } from '../api-test-kit.ts';
import { fileUser, LINUX_PROGRAM, PDF, png, WINDOWS_PROGRAM } from './file-test-kit.ts';

const KB = 1024;

describe('files on the server', () => {
  // `small` holds uploads to 2 KB each and 3 KB in all, so the size rules are testable with tiny files.
  // Through the API at most 8 KB a file (larger ones take the presigned path).
  const api = useApi({ config: { files: { apiUploadSizeLimit: 8 / 1024, endpoints: { small: { fileSizeLimit: 2 / 1024, totalSizeLimit: 3 / 1024 }, closed: { disabled: true } } } } });

  it('uploads a PDF and a PNG, lists them, downloads the same bytes and deletes them from the table and the bucket', async () => {
    const me = await fileUser(api().client());
    const pdf = await me.upload([{ name: 'Quarterly report.pdf', type: 'application/pdf', data: PDF }], { temp_file_id: 'draft-1', endpoint: 'openAI' });
    expect(pdf.status).toBe(201);
    // The ban check, two rate-limit windows and the file's item.
    expect(dbCalls(pdf)).toBe(5);
    const [pdfFile] = pdf.json.files;
    expect(pdfFile).toMatchObject({ temp_file_id: 'draft-1', user: me.userId, source: 's3', context: 'message_attachment', bytes: PDF.length, filename: 'Quarterly report.pdf', type: 'application/pdf', endpoint: 'openAI', temporary: true });
    expect(pdfFile!.filepath).toBe(`/api/files/download/${me.userId}/${pdfFile!.file_id}`);
    expect(pdfFile).not.toHaveProperty('objectKey');

    const image = await me.upload([{ name: 'chart.png', type: 'image/png', data: png(5, 4) }], {}, '/api/files/images');
    expect(image.status).toBe(201);
    const [imageFile] = image.json.files;
    expect(imageFile).toMatchObject({ type: 'image/png', width: 5, height: 4, bytes: png(5, 4).length });

    const listed = await me.call<FileRecord[]>('GET', '/api/files');
    expect(listed.json.map((file) => file.file_id).sort()).toEqual([pdfFile!.file_id, imageFile!.file_id].sort());
    expect(await me.stored()).toEqual(expect.arrayContaining([`files/${me.userId}/${pdfFile!.file_id}/Quarterly_report.pdf`, `files/${me.userId}/${imageFile!.file_id}/chart.png`]));

    for (const [file, bytes] of [[pdfFile!, PDF], [imageFile!, png(5, 4)]] as const) {
      const download = await me.call('GET', file.filepath);
      expect(download.status).toBe(302);
      const fetched = await fetch(download.headers.get('location')!);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    }

    const deleted = await me.call<{ deleted: string[] }>('DELETE', '/api/files', { files: [{ file_id: pdfFile!.file_id, filepath: pdfFile!.filepath }, { file_id: imageFile!.file_id }] });
    expect(deleted.status).toBe(200);
    expect(deleted.json.deleted.sort()).toEqual([pdfFile!.file_id, imageFile!.file_id].sort());
    expect((await me.call<FileRecord[]>('GET', '/api/files')).json).toEqual([]);
    expect(await me.stored()).toEqual([]);
    expect((await me.call('GET', pdfFile!.filepath)).status).toBe(404);
  });

  it('takes several files in one request and a text file whose browser gave no type, typed by its name', async () => {
    const me = await fileUser(api().client());
    const answer = await me.upload([
      { name: 'notes.md', type: '', data: Buffer.from('# Plan\n\nShip the café menu — with ünïcode.\n') },
      { name: 'data.json', type: 'application/json', data: Buffer.from('{"a": 1}') },
      { name: 'script.py', type: 'application/octet-stream', data: Buffer.from('print("hi")\n') },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.json.files.map((file) => file.type)).toEqual(['text/markdown', 'application/json', 'text/x-python']);
    expect(await me.stored()).toHaveLength(3);
  });

  it("keeps the browser's own file_id, refuses it twice without touching the first file, and refuses one that is no UUID", async () => {
    const me = await fileUser(api().client());
    const fileId = randomUUID();
    const first = await me.upload([{ name: 'a.txt', type: 'text/plain', data: Buffer.from('first') }], { file_id: fileId });
    expect(first.json.files[0]).toMatchObject({ file_id: fileId, filepath: `/api/files/download/${me.userId}/${fileId}` });
    const again = await me.upload([{ name: 'b.txt', type: 'text/plain', data: Buffer.from('second') }], { file_id: fileId });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ field: 'file_id', message: 'A file with this file_id exists already.' });
    const download = await me.call('GET', first.json.files[0]!.filepath);
    expect(await (await fetch(download.headers.get('location')!)).text()).toBe('first');
    const bad = await me.upload([{ name: 'c.txt', type: 'text/plain', data: Buffer.from('c') }], { file_id: '../../etc' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'file_id', message: 'file_id must be a UUID' });
    expect(await me.stored()).toEqual([`files/${me.userId}/${fileId}/a.txt`]);
  });

  it.each([
    ['a disallowed type', { name: 'clip.mp4', type: 'video/mp4', data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 1)]) }, /clip\.mp4 is not a supported file type/],
    ['a Windows program renamed to .pdf', { name: 'invoice.pdf', type: 'application/pdf', data: WINDOWS_PROGRAM }, /invoice\.pdf is a program, and programs cannot be uploaded/],
    ['a Linux program renamed to .png', { name: 'photo.png', type: 'image/png', data: LINUX_PROGRAM }, /photo\.png is a program/],
  ])('refuses %s with file_upload_limit, records the violation and stores nothing', async (_case, part, message) => {
    const me = await fileUser(api().client());
    const answer = await me.upload([{ name: 'fine.pdf', type: 'application/pdf', data: PDF }, part]);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'file_upload_limit', field: 'file' });
    expect(answer.json.message).toMatch(message);
    // The violation and its count toward a ban (decision 0011).
    expect(dbCalls(answer)).toBe(6);
    expect(await me.stored()).toEqual([]);
    expect((await me.call<FileRecord[]>('GET', '/api/files')).json).toEqual([]);
    expect(await listViolations(me.userId, 'file_upload_limit')).toHaveLength(1);
  });

  it('refuses a document on the images route', async () => {
    const me = await fileUser(api().client());
    const answer = await me.upload([{ name: 'report.pdf', type: 'application/pdf', data: PDF }], {}, '/api/files/images');
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('report.pdf (application/pdf) is not a supported file type: upload PNG, JPEG, GIF and WebP images.');
  });

  it('refuses an oversize file and an oversize total with 413 naming the limit, storing nothing', async () => {
    const me = await fileUser(api().client());
    const big = await me.upload([{ name: 'big.txt', type: 'text/plain', data: Buffer.alloc(2 * KB + 1, 'a') }], { endpoint: 'small' });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ code: 'file_upload_limit', message: 'big.txt is larger than the 2 KB file size limit.' });
    const exact = await me.upload([{ name: 'exact.txt', type: 'text/plain', data: Buffer.alloc(2 * KB, 'a') }], { endpoint: 'small' });
    expect(exact.status).toBe(201);
    const total = await me.upload(
      [
        { name: 'one.txt', type: 'text/plain', data: Buffer.alloc(2 * KB, 'a') },
        { name: 'two.txt', type: 'text/plain', data: Buffer.alloc(2 * KB, 'b') },
      ],
      { endpoint: 'small' },
    );
    expect(total.status).toBe(413);
    expect(total.json.message).toBe('These files together are larger than the 3 KB total size limit.');
    expect((await me.stored()).map((key) => key.split('/').pop())).toEqual(['exact.txt']);
  });

  it('sends a file over the API upload limit to the presigned path', async () => {
    const me = await fileUser(api().client());
    const answer = await me.upload([{ name: 'server.log', type: 'text/plain', data: Buffer.alloc(8 * KB + 1, 'x') }]);
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'file_upload_limit', message: 'server.log is over 8 KB: upload it with POST /api/files/uploads.' });
    expect(await me.stored()).toEqual([]);
  });

  it('refuses an eleventh file in one upload and takes ten', async () => {
    const me = await fileUser(api().client());
    const parts = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `note-${index}.txt`, type: 'text/plain', data: Buffer.from(`note ${index}\n`) }));
    const eleven = await me.upload(parts(11));
    expect(eleven.status).toBe(400);
    expect(eleven.json).toMatchObject({ code: 'file_upload_limit', message: 'You can attach at most 10 files at a time (file limit).' });
    expect(await me.stored()).toEqual([]);
    const ten = await me.upload(parts(10));
    expect(ten.status).toBe(201);
    expect(await me.stored()).toHaveLength(10);
  });

  it('refuses uploads to an endpoint whose files are turned off', async () => {
    const me = await fileUser(api().client());
    const answer = await me.upload([{ name: 'a.txt', type: 'text/plain', data: Buffer.from('a') }], { endpoint: 'closed' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('File uploads are turned off for this endpoint.');
  });

  it("answers 404 for another user's file id on download and delete, and deletes nothing", async () => {
    const owner = await fileUser(api().client());
    const other = await fileUser(api().client());
    const [file] = (await owner.upload([{ name: 'secret.pdf', type: 'application/pdf', data: PDF }])).json.files;
    expect((await other.call('GET', file!.filepath)).status).toBe(404);
    expect((await other.call('GET', `/api/files/download/${other.userId}/${file!.file_id}`)).status).toBe(404);
    expect((await other.call('GET', `/api/files/${owner.userId}/${file!.file_id}`)).status).toBe(404);
    expect((await other.call('GET', `/api/files/${other.userId}/${file!.file_id}`)).status).toBe(404);
    expect((await other.call('DELETE', '/api/files', { files: [{ file_id: file!.file_id }] })).status).toBe(404);
    expect((await other.call('DELETE', '/api/files/temporary', { file_ids: [file!.file_id] })).json).toEqual({ deleted: [] });
    expect(await owner.stored()).toHaveLength(1);
    expect((await owner.call('GET', file!.filepath)).status).toBe(302);
    // The shorter path answers the same redirect to the same bytes.
    const short = await owner.call('GET', `/api/files/${owner.userId}/${file!.file_id}`);
    expect(short.status).toBe(302);
    expect(Buffer.from(await (await fetch(short.headers.get('location')!)).arrayBuffer())).toEqual(PDF);
  });

  it('clears the temporary uploads a new chat names, but not one a sent message attached', async () => {
    const me = await fileUser(api().client());
    const [sent, cleared] = (
      await me.upload([
        { name: 'sent.txt', type: 'text/plain', data: Buffer.from('sent') },
        { name: 'cleared.txt', type: 'text/plain', data: Buffer.from('cleared') },
      ])
    ).json.files;
    await markFilesAttached(me.userId, [sent!.file_id], new Date());
    const answer = await me.call<{ deleted: string[] }>('DELETE', '/api/files/temporary', { file_ids: [sent!.file_id, cleared!.file_id] });
    expect(answer.json).toEqual({ deleted: [cleared!.file_id] });
    expect((await me.call<FileRecord[]>('GET', '/api/files')).json).toEqual([expect.objectContaining({ file_id: sent!.file_id, temporary: false })]);
    expect(await me.stored()).toEqual([`files/${me.userId}/${sent!.file_id}/sent.txt`]);
  });

  it('answers the file config with the spec defaults and the configured endpoints', async () => {
    const me = await fileUser(api().client());
    const config = await me.call<FileConfig>('GET', '/api/files/config');
    expect(config.status).toBe(200);
    expect(config.json).toMatchObject({ serverFileSizeLimit: 536870912, avatarSizeLimit: 2097152, apiUploadSizeLimit: 8192 });
    expect(config.json.endpoints.default).toMatchObject({ disabled: false, fileLimit: 10, fileSizeLimit: 536870912, totalSizeLimit: 536870912 });
    expect(config.json.endpoints.default!.supportedMimeTypes).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'image/svg+xml', 'text/csv', 'application/zip']));
    expect(config.json.endpoints.small).toMatchObject({ fileSizeLimit: 2048, totalSizeLimit: 3072, fileLimit: 10 });
    expect(config.json.endpoints.closed).toMatchObject({ disabled: true });
  });

  it("removes the user's files from the bucket and the table when the account is deleted", async () => {
    const me = await fileUser(api().client());
    await me.upload([{ name: 'a.pdf', type: 'application/pdf', data: PDF }, { name: 'b.png', type: 'image/png', data: png() }]);
    expect(await me.stored()).toHaveLength(2);
    expect((await me.call('DELETE', '/api/user/delete', { email: me.email })).status).toBe(200);
    await api().jobsSettled();
    expect(await me.stored()).toEqual([]);
    expect(await listFiles(me.userId)).toEqual([]);
  });
});

describe('the upload rate limit', () => {
  const api = useApi({ config: { rateLimits: { fileUploads: { max: 2, windowMinutes: 15 } } } });

  it('refuses a third upload within the window with 429 and counts a file_upload_limit violation', async () => {
    inOneRateWindow(15);
    const me = await fileUser(api().client());
    const note = { name: 'note.txt', type: 'text/plain', data: Buffer.from('note') };
    expect((await me.upload([note])).status).toBe(201);
    expect((await me.call('POST', '/api/files/uploads', { filename: 'big.pdf', type: 'application/pdf', bytes: 10_000_000 })).status).toBe(201);
    const third = await me.upload([note]);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await me.stored()).toHaveLength(1);
    expect(await listViolations(me.userId, 'file_upload_limit')).toHaveLength(1);
  });
});
