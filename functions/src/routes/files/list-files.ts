import { defineHandler } from '../../http/handler.ts';
import { listFiles, publicFile } from '../../store/file-store.ts';

/** The user's files, newest first. */
export const handler = defineHandler('listFiles', async ({ auth }) => (await listFiles(auth.userId)).map(publicFile));
