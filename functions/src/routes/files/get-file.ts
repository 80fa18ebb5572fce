import { getAppConfig } from '../../config/app-config.ts';
import { downloadUrl } from '../../domain/files/manage.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { fileDeps } from './file-deps.ts';

/** `/api/files/{userId}/{fileId}`: the download route's answer under the spec's shorter path. */
export const handler = defineHandler('getFile', async ({ auth, params, now }) => {
  const url = await downloadUrl(auth.userId, params.userId, params.fileId, fileDeps(getAppConfig(), auth.userId, now));
  return reply(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } });
});
