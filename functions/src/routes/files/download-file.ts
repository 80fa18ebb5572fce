import { getAppConfig } from '../../config/app-config.ts';
import { downloadUrl } from '../../domain/files/manage.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { fileDeps } from './file-deps.ts';

/** A 302 to a five-minute presigned GET: the bytes never pass through the function (no 6 MB response cap). */
export const handler = defineHandler('downloadFile', async ({ auth, params, now }) => {
  const url = await downloadUrl(auth.userId, params.userId, params.fileId, fileDeps(getAppConfig(), auth.userId, now));
  return reply(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } });
});
