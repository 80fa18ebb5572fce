import type { Message } from '@meld/shared';
import { NO_PARENT } from '@meld/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageCopyText } from '@/components/messages/copy-message-button.tsx';
import type { BranchEntry } from '@/components/messages/message-tree-model.ts';
import { useAutoPlayback } from '@/lib/speech/use-auto-playback.ts';
import { i18n } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import type { SendOutcome } from '../lib/send-outcome.ts';
import { isReplying, useConversationStream, useStreams, withStreamMessages, type ReplyOnScreen } from '../lib/stream-store.ts';
import { useTemporaryChat } from '../lib/temporary-chat.ts';
import { useLiveReplies } from './use-live-replies.ts';
import { useModelChoice } from './use-model-choice.ts';
import { useSendMessage, type SendInput } from './use-send-message.ts';

/** A regenerate, continue or edit has no draft to give back: its refusal is said in a toast. */
function toastRefusal(outcome: SendOutcome): void {
  if (!outcome.accepted) showToast({ message: outcome.error.message, severity: 'error', duration: 6_000 });
}

/**
 * The stream a chat screen shows. A conversation's is the one keyed by its id; /c/new's is the one
 * it started (followed by its send's id, so it stays on screen when the server names the chat,
 * until the page moves to the new address).
 */
function useShownStream(conversationId: string | null, startedHere: string | null) {
  const keyed = useConversationStream(conversationId);
  const streams = useStreams();
  const started = startedHere ? (streams.find((stream) => stream.clientId === startedHere) ?? null) : null;
  return conversationId === null ? (started ?? keyed) : keyed;
}

/**
 * Everything a chat screen needs to talk: the messages with the streaming reply merged in, the
 * model choice, and send, regenerate, continue, edit-and-submit and stop. `conversationId` null is
 * /c/new, where `startAgent` chooses an agent to begin with. Only this conversation's own reply
 * blocks generating here (issue 25, section 4).
 */
export function useChat(conversationId: string | null, saved: readonly Message[] = [], startAgent: string | null = null) {
  const navigate = useNavigate();
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const own = useShownStream(conversationId, startedHere);
  // A reply this tab is not streaming itself (reloaded, another tab or device) is followed from the server.
  const live = useLiveReplies(conversationId ?? '', conversationId === null ? undefined : saved, conversationId !== null && !isReplying(own));
  const shown: ReplyOnScreen | null = own ?? live.shown;
  const models = useModelChoice(conversationId, startAgent);
  const { send, stop: stopStream } = useSendMessage();
  const temporary = useTemporaryChat();
  // The branch's last message, which the next message answers. Read only when sending: kept out of
  // state, a branch change (the list reports it after its first draw, and on every sibling switch)
  // re-rendered the whole conversation and its composer for nothing on screen (issue 25 §7).
  const leaf = useRef<string>(NO_PARENT);

  // A new chat moves to its address once the server names it, if the member is still here. Named
  // by the send's outcome, not the stream: a reply read in one go (or a stream cut right after
  // `created`) is saved and gone from the streams before this renders it.
  const [named, setNamed] = useState<{ clientId: string; conversationId: string } | null>(null);
  const namedAs = conversationId === null && named && named.clientId === startedHere ? named.conversationId : null;
  useEffect(() => {
    if (namedAs) void navigate(`/c/${namedAs}`, { replace: true });
  }, [namedAs, navigate]);

  const messages = useMemo(() => withStreamMessages(saved, shown), [saved, shown]);
  // An errored stream is over: the composer is free again. A stopped one holds it until saved.
  const streaming = isReplying(shown);
  // Automatic playback reads this screen's reply once it has been written.
  useAutoPlayback(own && !own.error ? own.response.messageId : undefined, !!own?.error, messages, messageCopyText);
  const choice = models.choice;

  const onBranchChange = useCallback((branch: readonly BranchEntry[]) => {
    leaf.current = branch.at(-1)?.message.messageId ?? NO_PARENT;
  }, []);

  // A failed reply is not saved, so it cannot be answered: answer its question instead, or what the
  // question answered when the server never saved the question either.
  const parentForNext = () => {
    const failed = own?.error && leaf.current === own.response.messageId ? own : null;
    if (!failed) return leaf.current;
    return failed.created || !failed.request ? failed.response.parentMessageId : failed.request.parentMessageId;
  };

  const start = (input: Omit<SendInput, 'conversationId' | 'clientId'>): Promise<SendOutcome> => {
    const clientId = crypto.randomUUID();
    // /c/new follows its send by this id to the address the server gives it.
    if (conversationId === null) setStartedHere(clientId);
    const outcome = send({ ...input, conversationId, clientId });
    if (conversationId === null) void outcome.then((sent) => sent.accepted && setNamed({ clientId, conversationId: sent.conversationId }));
    return outcome;
  };

  const sendText = (text: string, files: NonNullable<Message['files']> = []): Promise<SendOutcome> => {
    if (!choice || streaming) return Promise.resolve({ accepted: false, error: { code: 'busy', message: i18n.t('chat.stream.busy') } });
    // Only a new chat can start temporary; later messages follow the conversation.
    return start({ text, parentMessageId: parentForNext(), choice, files, isTemporary: conversationId === null && temporary.on });
  };
  const regenerate = (reply: Message) => {
    const question = messages.find((message) => message.messageId === reply.parentMessageId);
    if (choice && question) void start({ text: question.text, parentMessageId: question.messageId, isRegenerate: true, choice }).then(toastRefusal);
  };
  const continueReply = (reply: Message) => {
    const question = messages.find((message) => message.messageId === reply.parentMessageId);
    if (choice && question) void start({ text: question.text, parentMessageId: question.messageId, continued: reply, choice }).then(toastRefusal);
  };
  const submitEdit = (message: Message, text: string) => {
    // The edited question keeps its attachments: the new branch asks about the same files.
    if (choice) void start({ text, parentMessageId: message.parentMessageId, choice, files: message.files ?? [] }).then(toastRefusal);
  };
  const stop = () => {
    if (own) stopStream(own);
    else live.stop();
  };

  return { stream: shown, streaming, messages, models, onBranchChange, sendText, regenerate, continueReply, submitEdit, stop, canGenerate: !streaming && !!choice };
}

