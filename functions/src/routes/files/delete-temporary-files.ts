import { getAppConfig } from '../../config/app-config.ts';
import { deleteTemporaryFiles } from '../../domain/files/manage.ts';
import { defineHandler } from '../../http/handler.ts';
import { fileDeps } from './file-deps.ts';

/** A new chat clears the composer's unsent uploads: only files still temporary go. */
export const handler = defineHandler('deleteTemporaryFiles', async ({ auth, body, now }) => ({
  deleted: await deleteTemporaryFiles(auth.userId, body.file_ids, fileDeps(getAppConfig(), auth.userId, now)),
}));
