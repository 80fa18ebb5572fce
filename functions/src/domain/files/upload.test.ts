import { parseAppConfig } from '@meld/shared';
import { describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '../../store/file-store.ts';
import { endpointRules } from './file-rules.ts';
import type { FileDeps } from './files.ts';
import { uploadFiles } from './upload.ts';

const FILE_ID = '6f1c1f3e-6a43-4c55-9d0f-2a9d5f3b7c11';

/** Deps whose store loses the race for FILE_ID to `winner`, written between the check and the put. */
function racingDeps(winner: Pick<StoredFile, 'objectKey'>) {
  let reads = 0;
  const objects = { putBytes: vi.fn(async () => {}), delete: vi.fn(async () => {}), presign: vi.fn(), readHead: vi.fn() };
  const deps = {
    now: new Date('2026-03-01T10:00:00Z'),
    newId: () => 'unused',
    objects,
    store: {
      getFile: vi.fn(async () => (reads++ === 0 ? undefined : ({ ...winner, file_id: FILE_ID } as StoredFile))),
      putFile: vi.fn(async () => false),
    },
    objectKey: (userId: string, fileId: string, name: string) => `files/${userId}/${fileId}/${name}`,
    recordViolation: vi.fn(async () => {}),
    rules: (endpoint: string | undefined) => endpointRules(parseAppConfig({}), endpoint),
  } as unknown as FileDeps;
  return { deps, objects };
}

const upload = (deps: FileDeps, name: string) =>
  uploadFiles('u1', { parts: [{ filename: name, mimeType: 'text/plain', data: new TextEncoder().encode('hello') }], fileId: FILE_ID, imagesOnly: false, apiUploadSizeLimit: 1024 }, deps);

describe('an upload that loses a race for its client-chosen file_id', () => {
  it('deletes its own object when the winner stored another name', async () => {
    const { deps, objects } = racingDeps({ objectKey: `files/u1/${FILE_ID}/winner.txt` });
    await expect(upload(deps, 'loser.txt')).rejects.toMatchObject({ kind: 'conflict', field: 'file_id' });
    expect(objects.delete).toHaveBeenCalledWith([`files/u1/${FILE_ID}/loser.txt`]);
  });

  it("keeps the object when it is the winner's too", async () => {
    const { deps, objects } = racingDeps({ objectKey: `files/u1/${FILE_ID}/same.txt` });
    await expect(upload(deps, 'same.txt')).rejects.toMatchObject({ kind: 'conflict' });
    expect(objects.delete).not.toHaveBeenCalled();
  });
});
