import { getAppConfig } from '../../config/app-config.ts';
import { confirmUpload } from '../../domain/files/presigned.ts';
import { defineHandler } from '../../http/handler.ts';
import { publicFile } from '../../store/file-store.ts';
import { fileDeps } from './file-deps.ts';

/** Turns a finished presigned upload into a file once its real size and content pass; a refused one is deleted. */
export const handler = defineHandler('confirmUpload', async ({ auth, params, now }) =>
  publicFile(await confirmUpload(auth.userId, params.fileId, fileDeps(getAppConfig(), auth.userId, now))),
);
