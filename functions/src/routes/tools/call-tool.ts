import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@meld/shared';
import { getAppConfig } from '../../config/app-config.ts';
import { SandboxUnavailableError } from '../../code-runner/errors.ts';
import { requireCodeTool, requireRunCode } from '../../domain/code-runner/code-access.ts';
import { codeRunDeps } from '../../domain/code-runner/code-run-deps.ts';
import { executeCode } from '../../domain/code-runner/execute-code.ts';
import { DomainError } from '../../domain/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { defineHandler } from '../../http/handler.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { putToolCall } from '../../store/tool-call-store.ts';

/** A code block's Run button: runs the code in the sandbox and, in a conversation, keeps the run. */
export const handler = defineHandler('callTool', async ({ params, body, auth, now }) => {
  requireCodeTool(params.toolId);
  const config = getAppConfig();
  await requireRunCode(config, auth.role);
  await enforceRateLimit(config, 'toolCall', auth.userId, now.getTime());
  if (body.conversationId && !(await getConversation(auth.userId, body.conversationId))) {
    throw new DomainError('not-found', ERROR_CODES.notFound, 'Conversation not found', 'conversationId');
  }
  const id = randomUUID();
  const { result, attachments } = await executeCode(codeRunDeps(auth.userId, now), { userId: auth.userId, toolCallId: id, lang: body.lang, code: body.code, now }).catch((error: unknown) => {
    // A server that cannot isolate a run runs none, and says so.
    throw error instanceof SandboxUnavailableError ? new HttpError(503, ERROR_CODES.serviceUnavailable, error.message) : error;
  });
  if (body.conversationId) {
    await putToolCall(auth.userId, {
      id,
      toolId: params.toolId,
      conversationId: body.conversationId,
      messageId: body.messageId,
      ...(body.partIndex === undefined ? {} : { partIndex: body.partIndex }),
      ...(body.blockIndex === undefined ? {} : { blockIndex: body.blockIndex }),
      lang: body.lang,
      result,
      attachments,
      createdAt: now.toISOString(),
    });
  }
  return { result, attachments };
});
