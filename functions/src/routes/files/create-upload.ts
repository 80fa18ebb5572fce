import { getAppConfig } from '../../config/app-config.ts';
import { createUpload } from '../../domain/files/presigned.ts';
import { defineHandler } from '../../http/handler.ts';
import { reply } from '../../http/reply.ts';
import { fileDeps, limitUploads } from './file-deps.ts';

/** A presigned PUT for one large file, after its name, claimed type and size pass the endpoint's rules. */
export const handler = defineHandler('createUpload', async ({ auth, body, ip, now }) => {
  const config = getAppConfig();
  await limitUploads(config, auth.userId, ip, now);
  return reply(await createUpload(auth.userId, body, fileDeps(config, auth.userId, now)), { status: 201 });
});
