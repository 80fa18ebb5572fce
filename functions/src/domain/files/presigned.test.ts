import { parseAppConfig } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { PendingUpload, StoredFile } from '../../store/file-store.ts';
import { endpointRules } from './file-rules.ts';
import type { FileDeps } from './files.ts';
import { confirmUpload } from './presigned.ts';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG = Buffer.concat([PNG_HEAD, Buffer.alloc(24)]);
const PROGRAM = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(PNG.length - 4)]);
const UPLOAD_KEY = 'uploads/u1/f1/photo.png';

/** A bucket and a store in memory; `onCopy` runs inside a copy, after its bytes are taken. */
function memoryDeps(onCopy: (copyNumber: number) => Promise<void>) {
  const objects = new Map<string, Buffer>([[UPLOAD_KEY, PNG]]);
  const files = new Map<string, StoredFile>();
  let pending: PendingUpload | undefined = { fileId: 'f1', filename: 'photo.png', bytes: PNG.length, claimedType: 'image/png', endpoint: 'default', imagesOnly: true, objectKey: UPLOAD_KEY };
  let ids = 0;
  let copies = 0;
  const deps = {
    now: new Date('2026-03-01T10:00:00Z'),
    newId: () => `copy${++ids}`,
    objects: {
      copy: async (from: string, to: string) => {
        const bytes = objects.get(from);
        if (!bytes) return false;
        objects.set(to, bytes);
        await onCopy(++copies);
        return true;
      },
      readHead: async (key: string, length: number) => {
        const bytes = objects.get(key);
        return bytes ? { bytes: bytes.subarray(0, length), size: bytes.length } : null;
      },
      delete: async (keyList: string[]) => keyList.forEach((key) => objects.delete(key)),
    },
    store: {
      getFile: async (_userId: string, fileId: string) => files.get(fileId),
      putFile: async (file: StoredFile) => !files.has(file.file_id) && Boolean(files.set(file.file_id, file)),
      getPendingUpload: async () => pending,
      deletePendingUpload: async () => {
        pending = undefined;
      },
    },
    objectKey: (userId: string, fileId: string, name: string) => `files/${userId}/${fileId}/${name}`,
    recordViolation: async () => {},
    rules: (endpoint: string | undefined) => endpointRules(parseAppConfig({}), endpoint),
  } as unknown as FileDeps;
  return { deps, objects };
}

describe('confirming a presigned upload', () => {
  it('keeps the bytes it checked when a racing confirm copies bytes swapped in after its own copy', async () => {
    let racing: Promise<unknown> = Promise.resolve();
    const { deps, objects } = memoryDeps(async (copyNumber) => {
      if (copyNumber !== 1) return;
      // Between the first confirm's copy and its record: the URL's PUT swaps the bytes and a second confirm runs.
      objects.set(UPLOAD_KEY, PROGRAM);
      racing = confirmUpload('u1', 'f1', deps).catch((error: unknown) => error);
      await racing;
    });
    const file = await confirmUpload('u1', 'f1', deps);
    expect(await racing).toMatchObject({ limit: 'executable' });
    expect(file).toMatchObject({ type: 'image/png', objectKey: 'files/u1/copy1/photo.png' });
    expect(objects.get(file.objectKey)).toEqual(PNG);
    expect([...objects.keys()]).toEqual([file.objectKey]);
  });
});
