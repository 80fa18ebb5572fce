import type { Message } from '@meld/shared';
import { NO_PARENT } from '@meld/shared';
import { useCallback, useMemo, useState } from 'react';
import { messageCopyText } from '@/components/messages/copy-message-button.tsx';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { useAutoPlayback } from '@/lib/speech/use-auto-playback.ts';
import { useActiveStream, withStreamMessages } from '../lib/stream-store.ts';
import { useTemporaryChat } from '../lib/temporary-chat.ts';
import { useModelChoice } from './use-model-choice.ts';
import { useSendMessage } from './use-send-message.ts';

/**
 * Everything a chat screen needs to talk: the messages with the streaming reply merged in, the
 * model choice, and send, regenerate, continue, edit-and-submit and stop. `conversationId` null is
 * /c/new, where `startAgent` chooses an agent to begin with.
 */
export function useChat(conversationId: string | null, saved: readonly Message[] = [], startAgent: string | null = null) {
  const stream = useActiveStream();
  const models = useModelChoice(conversationId, startAgent);
  const { send, stop } = useSendMessage();
  const temporary = useTemporaryChat();
  const [leaf, setLeaf] = useState<string>(NO_PARENT);

  const own = stream && stream.conversationId === conversationId ? stream : null;
  const messages = useMemo(() => withStreamMessages(saved, own), [saved, own]);
  // An errored stream is over: the composer is free again.
  const streaming = !!stream && !stream.error;
  // Automatic playback reads this screen's reply once it has been written.
  useAutoPlayback(own && !own.error ? own.response.messageId : undefined, !!own?.error, messages, messageCopyText);
  const choice = models.choice;

  const onBranchChange = useCallback((branch: readonly BranchEntry[]) => setLeaf(branch.at(-1)?.message.messageId ?? NO_PARENT), []);

  // A failed reply is not saved, so it cannot be answered: answer its question instead, or what the
  // question answered when the server never saved the question either.
  const failed = own?.error && leaf === own.response.messageId ? own : null;
  const parentForNext = !failed ? leaf : failed.created || !failed.request ? failed.response.parentMessageId : failed.request.parentMessageId;

  const sendText = (text: string, files: NonNullable<Message['files']> = []) => {
    // Only a new chat can start temporary; later messages follow the conversation.
    if (choice) void send({ text, conversationId, parentMessageId: parentForNext, choice, files, isTemporary: conversationId === null && temporary.on });
  };
  const regenerate = (reply: Message) => {
    const question = messages.find((message) => message.messageId === reply.parentMessageId);
    if (choice && question) void send({ text: question.text, conversationId, parentMessageId: question.messageId, isRegenerate: true, choice });
  };
  const continueReply = (reply: Message) => {
    const question = messages.find((message) => message.messageId === reply.parentMessageId);
    if (choice && question) void send({ text: question.text, conversationId, parentMessageId: question.messageId, continued: reply, choice });
  };
  const submitEdit = (message: Message, text: string) => {
    // The edited question keeps its attachments: the new branch asks about the same files.
    if (choice) void send({ text, conversationId, parentMessageId: message.parentMessageId, choice, files: message.files ?? [] });
  };

  return { stream: own, streaming, messages, models, onBranchChange, sendText, regenerate, continueReply, submitEdit, stop, canGenerate: !streaming && !!choice };
}
