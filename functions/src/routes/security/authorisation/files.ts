import { buildPath, type FileRecord } from '@meld/shared';
import { multipart, PDF, png } from '../../files/file-test-kit.ts';
import { anyUser, ownedByUser, publicRoute, type MatrixEntries, type MatrixWorld } from './matrix.ts';

/**
 * Files, avatars and speech. A's files live under A's user id, which the download paths carry:
 * B and the admin asking for them with that id find nothing.
 */

const uploadForm = () => multipart([{ name: 'report.pdf', type: 'application/pdf', data: PDF }]);

async function fileOf(world: MatrixWorld): Promise<FileRecord> {
  const form = await uploadForm();
  const response = await world.newClient().request<{ files: FileRecord[] }>('POST', '/api/files', { body: form.body, headers: { ...form.headers, authorization: `Bearer ${world.owner.token}` } });
  if (response.status !== 201) throw new Error(`Upload failed: ${response.status} ${response.text}`);
  return response.json.files[0]!;
}

/** A large upload A has put straight into storage and not confirmed yet. */
async function pendingUploadOf(world: MatrixWorld): Promise<string> {
  const bytes = png(64, 48);
  const created = await world.setup<{ file_id: string; url: string; headers: Record<string, string> }>('owner', 'POST', '/api/files/uploads', { filename: 'photo.png', type: 'image/png', bytes: bytes.length });
  const put = await fetch(created.url, { method: 'PUT', headers: created.headers, body: bytes });
  if (!put.ok) throw new Error(`The presigned PUT failed: ${put.status}`);
  return created.file_id;
}

const avatarForm = () => multipart([{ name: 'avatar.png', type: 'image/png', data: png(32, 32) }], { manual: 'true' });

const download = (template: string) => async (world: MatrixWorld) => ({ path: buildPath(template, { userId: world.owner.userId, fileId: (await fileOf(world)).file_id }) });

/** Multipart `audio`, as the composer's recorder sends it (the file kit's forms name their part `file`). */
async function dictation() {
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2044, 7)]);
  const body = new FormData();
  body.set('audio', new Blob([webm], { type: 'audio/webm;codecs=opus' }), 'dictation.webm');
  const request = new Request('http://localhost/', { method: 'POST', body });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export const fileEntries: MatrixEntries = {
  listFiles: { request: async (world) => (await fileOf(world), { path: '/api/files' }), expect: anyUser() },
  uploadFiles: { request: async () => ({ path: '/api/files', ...(await uploadForm()) }), expect: anyUser(201) },
  uploadImages: { request: async () => ({ path: '/api/files/images', ...(await multipart([{ name: 'chart.png', type: 'image/png', data: png(5, 4) }])) }), expect: anyUser(201) },
  deleteFiles: { request: async (world) => ({ path: '/api/files', json: { files: [{ file_id: (await fileOf(world)).file_id }] } }), expect: ownedByUser() },
  // Clearing the composer skips ids that are not the caller's own temporary uploads (a send may race
  // it), so B and the admin clear nothing of A's and hear { deleted: [] }, as for any unknown id.
  deleteTemporaryFiles: {
    request: async (world) => ({ path: '/api/files/temporary', json: { file_ids: [(await fileOf(world)).file_id] } }),
    expect: anyUser(),
    intact: async (world, request) => {
      const [fileId] = (request.json as { file_ids: string[] }).file_ids;
      return (await world.setup<FileRecord[]>('owner', 'GET', '/api/files')).some((file) => file.file_id === fileId);
    },
  },
  getFileConfig: { request: async () => ({ path: '/api/files/config' }), expect: anyUser() },
  // A's file: a redirect to its bytes for A alone.
  downloadFile: { request: download('/api/files/download/{userId}/{fileId}'), expect: ownedByUser(302) },
  getFile: { request: download('/api/files/{userId}/{fileId}'), expect: ownedByUser(302) },
  createUpload: { request: async () => ({ path: '/api/files/uploads', json: { filename: 'notes.txt', type: 'text/plain', bytes: 5 } }), expect: anyUser(201) },
  confirmUpload: { request: async (world) => ({ path: buildPath('/api/files/uploads/{fileId}/confirm', { fileId: await pendingUploadOf(world) }) }), expect: ownedByUser() },
  uploadAvatar: { request: async () => ({ path: '/api/files/images/avatar', ...(await avatarForm()) }), expect: anyUser() },
  // Public by design (decision 0020): the picture's name is 128 random bits, so an <img> loads it without a token.
  getAvatar: {
    request: async (world) => {
      const avatar = await avatarForm();
      const uploaded = await world.newClient().request<{ url: string }>('POST', '/api/files/images/avatar', { body: avatar.body, headers: { ...avatar.headers, authorization: `Bearer ${world.owner.token}` } });
      if (uploaded.status !== 200) throw new Error(`Avatar upload failed: ${uploaded.status} ${uploaded.text}`);
      return { path: uploaded.json.url };
    },
    expect: publicRoute(),
  },

  // The stack's speech engine is the local fake model (matrix-model.ts).
  speechToText: { request: async () => ({ path: '/api/files/speech/stt', ...(await dictation()) }), expect: anyUser() },
  textToSpeech: { request: async () => ({ path: '/api/files/speech/tts/manual', json: { input: 'Good morning' } }), expect: anyUser() },
  listSpeechVoices: { request: async () => ({ path: '/api/files/speech/tts/voices' }), expect: anyUser() },
  getSpeechConfig: { request: async () => ({ path: '/api/files/speech/config/get' }), expect: anyUser() },
};
