import { getAppConfig } from '../../config/app-config.ts';
import { deleteFiles } from '../../domain/files/manage.ts';
import { defineHandler } from '../../http/handler.ts';
import { fileDeps } from './file-deps.ts';

/** Deletes the named files and their bytes; any id that is not the user's makes it a 404 that deletes nothing. */
export const handler = defineHandler('deleteFiles', async ({ auth, body, now }) => {
  const deleted = await deleteFiles(auth.userId, body.files.map((file) => file.file_id), fileDeps(getAppConfig(), auth.userId, now));
  return { message: 'Files deleted successfully', deleted };
});
