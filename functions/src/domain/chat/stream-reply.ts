import type { AskEvent, Conversation, Message } from '@meld/shared';
import { ProviderError, type ChatProvider } from '../../providers/llm/types.ts';
import { watchForAbort } from './abort-watch.ts';
import { titleFromText } from './history.ts';
import { ReplyParts } from './reply-parts.ts';
import type { Turn } from './start-turn.ts';

export interface StreamReplyDeps {
  putMessage(userId: string, message: Message): Promise<void>;
  updateConversation(userId: string, conversationId: string, change: (current: Conversation) => Conversation): Promise<Conversation | undefined>;
  markRunning(userId: string, generation: Generation): Promise<void>;
  clearRunning(userId: string, generation: Generation): Promise<void>;
  isAbortRequested(userId: string, generation: Generation): Promise<boolean>;
  now(): Date;
  abortPollMs: number;
}

interface Generation {
  conversationId: string;
  requestMessageId: string;
  responseMessageId: string;
}

interface Outcome {
  finishReason: 'stop' | 'length' | 'incomplete' | 'error';
  error?: { code: string; message: string };
}

/**
 * Streams the provider's reply as events and saves it. `send` must never throw: the reply is
 * finished and saved even when the client has gone, so closing the tab loses nothing.
 */
export async function streamReply(turn: Turn, provider: ChatProvider, send: (event: AskEvent) => void, deps: StreamReplyDeps): Promise<void> {
  const { userId, conversation, requestMessage } = turn;
  const generation = { conversationId: conversation.conversationId, requestMessageId: requestMessage.messageId, responseMessageId: turn.responseMessageId };
  // Running before `created`, so an abort the client sends as soon as it sees `created` finds it.
  await deps.markRunning(userId, generation);
  send({ type: 'created', message: requestMessage, conversationId: conversation.conversationId });
  const watch = watchForAbort(() => deps.isAbortRequested(userId, generation), deps.abortPollMs);
  const parts = new ReplyParts();
  let outcome: Outcome;
  try {
    outcome = await generate(turn, provider, watch.signal, parts, send);
  } finally {
    watch.stop();
  }
  if (outcome.error) send({ type: 'error', ...outcome.error });
  try {
    const responseMessage = replyMessage(turn, parts, outcome, deps.now().toISOString());
    await deps.putMessage(userId, responseMessage);
    const title = turn.isNew ? titleFromText(requestMessage.text) : undefined;
    const saved = await deps.updateConversation(userId, conversation.conversationId, (current) => ({
      ...current,
      ...turn.settings,
      ...(title ? { title } : {}),
      updatedAt: responseMessage.updatedAt,
    }));
    if (title) send({ type: 'title', conversationId: conversation.conversationId, title });
    send({ type: 'final', conversation: saved ?? conversation, requestMessage, responseMessage });
  } finally {
    await deps.clearRunning(userId, generation);
  }
}

async function generate(turn: Turn, provider: ChatProvider, signal: AbortSignal, parts: ReplyParts, send: (event: AskEvent) => void): Promise<Outcome> {
  const model = turn.settings.model ?? '';
  try {
    for await (const event of provider.stream({ model, messages: turn.history, parameters: turn.settings, signal })) {
      if (event.type === 'text' || event.type === 'think') {
        parts.add(event.type, event.text);
        send({ type: 'delta', messageId: turn.responseMessageId, part: event.type, text: event.text });
      } else if (event.type === 'done') {
        return { finishReason: signal.aborted ? 'incomplete' : event.finishReason };
      }
    }
    return { finishReason: 'incomplete' };
  } catch (error) {
    if (signal.aborted) return { finishReason: 'incomplete' };
    const code = error instanceof ProviderError ? error.type : 'provider_error';
    const message = error instanceof ProviderError ? error.message : 'The model provider failed while answering.';
    parts.addError(message);
    return { finishReason: 'error', error: { code, message } };
  }
}

function replyMessage(turn: Turn, parts: ReplyParts, outcome: Outcome, at: string): Message {
  const { settings, requestMessage } = turn;
  return {
    messageId: turn.responseMessageId,
    conversationId: turn.conversation.conversationId,
    parentMessageId: requestMessage.messageId,
    text: parts.text(),
    content: parts.parts,
    sender: settings.modelLabel || settings.endpoint || 'Assistant',
    isCreatedByUser: false,
    model: settings.model ?? null,
    endpoint: settings.endpoint ?? null,
    finish_reason: outcome.finishReason === 'error' ? null : outcome.finishReason,
    ...(outcome.finishReason === 'incomplete' ? { unfinished: true } : {}),
    ...(outcome.error ? { error: true } : {}),
    createdAt: at,
    updatedAt: at,
  };
}
