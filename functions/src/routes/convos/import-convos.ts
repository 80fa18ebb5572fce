import { randomUUID } from 'node:crypto';
import { IMPORT_LIMITS } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { importConversations, importMessage } from '../../domain/import/import-conversations.ts';
import { defineHandler } from '../../http/handler.ts';
import { readMultipart, requireFile } from '../../http/multipart.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { reply } from '../../http/reply.ts';
import { putConversations } from '../../store/conversation-store.ts';
import { putMessages } from '../../store/message-store.ts';

/** Multipart upload (field `file`): the route has no JSON body schema, the form is read here. */
export const handler = defineHandler('importConvos', async ({ auth, event, now }) => {
  await enforceRateLimit(getAppConfig(), 'import', auth.userId);
  const file = requireFile(await readMultipart(event, { maxFileBytes: IMPORT_LIMITS.maxBytes }), 'file');
  const result = await importConversations(file, {
    userId: auth.userId,
    newId: randomUUID,
    now,
    saveConversations: putConversations,
    saveMessages: putMessages,
  });
  return reply({ message: importMessage(result), imported: result.imported, failed: result.failed }, { status: 201 });
});
