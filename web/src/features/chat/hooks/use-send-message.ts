import type { AskEvent, Conversation, Message } from '@meld/shared';
import { artifactMode, askRouteName, DEFAULT_USER_SETTINGS, NO_PARENT, type UserSettings } from '@meld/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { getSession } from '@/lib/auth-session.ts';
import { balanceKeys } from '@/lib/balance-queries.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { i18n } from '@/lib/i18n.ts';
import { streamRequest } from '@/lib/stream-client.ts';
import { userSettingsKeys } from '@/lib/user-settings.ts';
import { chatKeys } from '../api/chat-queries.ts';
import { addConvoAtTop, moveConvoToTop, patchConvo } from '../api/convo-cache.ts';
import { settingsForSend } from '../lib/composer-settings.ts';
import { AGENTS_ENDPOINT, type ModelChoice } from '../lib/model-choice.ts';
import { chatErrorText } from '../lib/chat-errors.ts';
import type { SendOutcome } from '../lib/send-outcome.ts';
import { appendDelta, setPart, streamStore, type ActiveStream, type StreamError } from '../lib/stream-store.ts';

/** Spec 000 section 8: with no answer at all after 5.5 s the reply says the server is unreachable. */
export const CONNECTION_WARNING_MS = 5_500;

export interface SendInput {
  text: string;
  conversationId: string | null;
  parentMessageId?: string;
  /** Answer the existing user message `parentMessageId` again. */
  isRegenerate?: boolean;
  /** Continue: extend this unfinished reply (to the user message `parentMessageId`) in place. */
  continued?: Message;
  choice: ModelChoice;
  /** Uploaded files attached to the new message. */
  files?: NonNullable<Message['files']>;
  /** Starts a temporary chat: it stays out of the history lists. */
  isTemporary?: boolean;
  /** The stream's id in the store; /c/new follows its send by it. */
  clientId?: string;
}

function upsert(messages: readonly Message[] | undefined, saved: Message[]): Message[] {
  const ids = new Set(saved.map((message) => message.messageId));
  return [...(messages ?? []).filter((message) => !ids.has(message.messageId)), ...saved];
}

/** A reply's parts to extend; a reply saved as plain text (imported ones) is one text part. */
function partsOf(message: Message): NonNullable<Message['content']> {
  return message.content?.length ? message.content : message.text ? [{ type: 'text', text: message.text }] : [];
}

/** Puts what the stream showed into the cache, marked unfinished, and lets the server's copy replace it. */
function settle(queryClient: QueryClient, stream: ActiveStream): void {
  const id = stream.conversationId;
  if (!id) return;
  const shown = [stream.request, { ...stream.response, unfinished: true }].filter((message): message is Message => !!message);
  queryClient.setQueryData<Message[]>(convoKeys.messages(id), (messages) => upsert(messages, shown));
  void queryClient.invalidateQueries({ queryKey: convoKeys.messages(id) });
}

/**
 * A stopped reply normally ends with the server's `final` within a second (it looks for the stop
 * every 250 ms); should that not come, the conversation is given back after this long while the
 * stream is still read for the saved reply and the title.
 */
export const STOP_SETTLE_MS = 5_000;

/** Asks the server to stop the reply; the stream stays open for its `final` and `title`. */
function requestStop(queryClient: QueryClient, stream: ActiveStream): void {
  const conversationId = stream.conversationId;
  if (!conversationId) return;
  // Name this reply, so a reply started elsewhere in the same conversation keeps going.
  const messageId = stream.request?.messageId ?? (stream.response.messageId.startsWith('pending-') ? undefined : stream.response.messageId);
  void apiRequest('abortAsk', { params: { endpoint: stream.endpoint }, body: { conversationId, messageId } }).catch(() => undefined);
  setTimeout(() => {
    const live = streamStore.of(conversationId);
    if (live?.clientId !== stream.clientId) return;
    settle(queryClient, live);
    streamStore.remove(live);
  }, STOP_SETTLE_MS);
}

/** The refusal as the composer shows it: the catalogue's words (the concurrent limit says how many). */
function refusal(error: StreamError): SendOutcome {
  return { accepted: false, error: { code: error.code, message: chatErrorText(i18n.t, error.code, error.message, error.info) } };
}

/** Sends messages (or regenerates replies) and streams each answer into `streamStore`, one per conversation. */
export function useSendMessage() {
  const queryClient = useQueryClient();

  const handle = useCallback(
    (stream: ActiveStream, event: AskEvent, isTemporary: boolean) => {
      switch (event.type) {
        case 'created': {
          const isNew = !stream.conversationId;
          const at = event.message.createdAt;
          const live = streamStore.update(stream, (current) => ({
            conversationId: event.conversationId,
            created: true,
            request: current.request ? event.message : null,
            response: { ...current.response, conversationId: event.conversationId, parentMessageId: current.request ? event.message.messageId : current.response.parentMessageId },
          }));
          // Stopped before the server named the chat: now the stop can name it.
          if (live?.stopped) requestStop(queryClient, live);
          // A temporary chat is never listed, so it does not join the history either.
          if (!isNew || isTemporary) return;
          const user = getSession().user?.id ?? '';
          const convo: Conversation = { conversationId: event.conversationId, title: i18n.t('chat.untitled'), user, isArchived: false, tags: [], endpoint: stream.response.endpoint, model: stream.response.model ?? null, ...(stream.agentId ? { agent_id: stream.agentId } : {}), createdAt: at, updatedAt: at };
          addConvoAtTop(queryClient, convo);
          queryClient.setQueryData<Message[]>(convoKeys.messages(event.conversationId), (messages) => messages ?? []);
          return;
        }
        case 'delta':
          streamStore.update(stream, (live) => ({ response: appendDelta(live.response, event.messageId, event.part, event.text), lastTokenAt: Date.now() }));
          return;
        case 'part':
          streamStore.update(stream, (live) => ({ response: setPart(live.response, event.messageId, event.index, event.part), lastTokenAt: Date.now() }));
          return;
        case 'title':
          patchConvo(queryClient, event.conversationId, (convo) => ({ ...convo, title: event.title }));
          // A page still loading the conversation would show its answer's older title: ask again.
          if (!queryClient.getQueryData(convoKeys.detail(event.conversationId))) void queryClient.invalidateQueries({ queryKey: convoKeys.detail(event.conversationId) });
          return;
        case 'final': {
          const id = event.conversation.conversationId;
          queryClient.setQueryData<Message[]>(convoKeys.messages(id), (messages) => upsert(messages, [event.requestMessage, event.responseMessage]));
          // Put at the top of the lists from the answer itself: the lists are an index, which may
          // not have this conversation yet for a moment after it is written (decision 0034). A
          // temporary chat is never listed: only its own page learns of the answer.
          if (isTemporary || event.conversation.expiredAt) queryClient.setQueryData(convoKeys.detail(id), event.conversation);
          else moveConvoToTop(queryClient, event.conversation);
          // The reply has been charged: the account menu's balance is out of date.
          void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
          streamStore.remove(stream);
          // The server's list of replying conversations still names this one until asked again.
          void queryClient.invalidateQueries({ queryKey: chatKeys.replyingList() });
          return;
        }
        case 'error':
          streamStore.update(stream, () => ({ error: { code: event.code, message: event.message, info: event.info } }));
      }
    },
    [queryClient],
  );

  /**
   * Sends and streams the reply in the background; the answer is the send's outcome, known at the
   * server's `created` (accepted) or at a refusal before it, which leaves nothing in the thread.
   */
  const send = useCallback(
    ({ text, conversationId, parentMessageId = NO_PARENT, isRegenerate = false, continued, choice, files = [], isTemporary = false, clientId = crypto.randomUUID() }: SendInput): Promise<SendOutcome> => {
      const now = new Date().toISOString();
      const request: Message | null = isRegenerate || continued
        ? null
        : { messageId: crypto.randomUUID(), conversationId: conversationId ?? '', parentMessageId, text, sender: 'User', isCreatedByUser: true, ...(files.length ? { files } : {}), createdAt: now, updatedAt: now };
      const response: Message = continued ? { ...continued, content: partsOf(continued), unfinished: false } : {
        messageId: `pending-${crypto.randomUUID()}`,
        conversationId: conversationId ?? '',
        parentMessageId: request?.messageId ?? parentMessageId,
        text: '',
        content: [],
        // The server signs replies with the agent's name or the model label, else the endpoint; match it so nothing flickers.
        sender: choice.label || choice.settings?.modelLabel?.trim() || choice.endpoint,
        isCreatedByUser: false,
        model: choice.model,
        endpoint: choice.endpoint,
        createdAt: now,
        updatedAt: now,
      };
      const custom = choice.endpointType === 'custom';
      // The Artifacts settings ride on every ask as the conversation's `artifacts` field (null: off).
      const artifacts = artifactMode(queryClient.getQueryData<UserSettings>(userSettingsKeys.current()) ?? DEFAULT_USER_SETTINGS);
      const stream: ActiveStream = { clientId, conversationId, endpoint: custom ? 'custom' : choice.endpoint, agentId: choice.agentId ?? null, request, response, created: false, opened: false, slow: false, stopped: false, lastTokenAt: Date.now(), error: null, controller: new AbortController() };
      streamStore.start(stream);
      let answer!: (outcome: SendOutcome) => void;
      const outcome = new Promise<SendOutcome>((resolve) => (answer = resolve));
      const warning = setTimeout(() => streamStore.update(stream, (live) => ({ slow: !live.opened })), CONNECTION_WARNING_MS);
      const turn = { artifacts, text, conversationId, parentMessageId, messageId: request?.messageId, model: choice.model, isRegenerate, ...(request && files.length ? { files: files.map(({ file_id }) => ({ file_id })) } : {}), ...(continued ? { isContinued: true, responseMessageId: continued.messageId } : {}), ...(isTemporary ? { isTemporary } : {}) };
      const events = {
        signal: stream.controller.signal,
        onOpen: () => streamStore.update(stream, () => ({ opened: true, slow: false })),
        onEvent: (data: unknown) => {
          const event = data as AskEvent;
          handle(stream, event, isTemporary);
          if (event.type === 'created') answer({ accepted: true, conversationId: event.conversationId });
        },
      };

      const run = async () => {
        let failure: StreamError | null = null;
        try {
          // An agent answers with its own model and parameters: only the turn and the agent go.
          if (choice.agentId) await streamRequest('agentsChat', { body: { ...turn, endpoint: AGENTS_ENDPOINT, agent_id: choice.agentId }, ...events });
          else await streamRequest(askRouteName(choice.endpointType), { body: { ...settingsForSend(choice.endpointType, choice.model, choice.settings ?? {}), spec: choice.spec ?? null, ...turn, endpointName: custom ? choice.endpoint : undefined }, ...events });
        } catch (error) {
          if (stream.controller.signal.aborted) return;
          failure = { code: isApiError(error) ? error.code : 'network', message: error instanceof Error ? error.message : String(error), info: isApiError(error) ? error.info : undefined };
        } finally {
          clearTimeout(warning);
        }
        const live = streamStore.all().find((other) => other.clientId === stream.clientId);
        if (!live) return;
        // Turned down before the server saved the question: nothing of it stays in the thread.
        if (!live.created) {
          const error = failure ?? live.error ?? { code: 'network', message: i18n.t('chat.stream.connection') };
          streamStore.remove(live);
          streamStore.refused({ endpoint: live.response.endpoint ?? live.endpoint, error });
          answer(refusal(error));
          return;
        }
        // A failure after `created` stays on screen with its error; a stream that ended without
        // `final` (a dropped connection) keeps what it showed.
        if (failure) streamStore.update(live, () => ({ opened: true, slow: false, error: failure }));
        else if (!live.error) {
          settle(queryClient, live);
          streamStore.remove(live);
        }
      };
      void run();
      return outcome;
    },
    [handle, queryClient],
  );

  /** Stops the reply: the server keeps what it wrote so far, marked unfinished. */
  const stop = useCallback(
    (stream: ActiveStream) => {
      if (stream.stopped || stream.error) return;
      const stopped = streamStore.update(stream, () => ({ stopped: true }));
      // Before `created` the stop waits for the server to name the conversation (see `created`).
      if (stopped?.created) requestStop(queryClient, stopped);
    },
    [queryClient],
  );

  return { send, stop };
}
