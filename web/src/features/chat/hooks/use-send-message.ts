import type { AskEvent, Conversation, Message } from '@meld/shared';
import { artifactMode, askRouteName, DEFAULT_USER_SETTINGS, NO_PARENT, type UserSettings } from '@meld/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { getSession } from '@/lib/auth-session.ts';
import { balanceKeys } from '@/lib/balance-queries.ts';
import { convoKeys } from '@/lib/convo-keys.ts';
import { i18n } from '@/lib/i18n.ts';
import { streamRequest } from '@/lib/stream-client.ts';
import { userSettingsKeys } from '@/lib/user-settings.ts';
import { addConvoAtTop, moveConvoToTop, patchConvo } from '../api/convo-cache.ts';
import { settingsForSend } from '../lib/composer-settings.ts';
import { AGENTS_ENDPOINT, type ModelChoice } from '../lib/model-choice.ts';
import { appendDelta, setPart, streamStore, type ActiveStream } from '../lib/stream-store.ts';

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
}

function upsert(messages: readonly Message[] | undefined, saved: Message[]): Message[] {
  const ids = new Set(saved.map((message) => message.messageId));
  return [...(messages ?? []).filter((message) => !ids.has(message.messageId)), ...saved];
}

/** A reply's parts to extend; a reply saved as plain text (imported ones) is one text part. */
function partsOf(message: Message): NonNullable<Message['content']> {
  return message.content?.length ? message.content : message.text ? [{ type: 'text', text: message.text }] : [];
}

/** Puts what the stream showed into the cache and (unless told to wait) lets the server's copy replace it. */
function settle(queryClient: QueryClient, stream: ActiveStream, unfinished: boolean, refetch = true): void {
  const id = stream.conversationId;
  if (!id) return;
  const response = { ...stream.response, unfinished };
  const shown = [stream.request, response].filter((message): message is Message => !!message);
  queryClient.setQueryData<Message[]>(convoKeys.messages(id), (messages) => upsert(messages, shown));
  if (refetch) void queryClient.invalidateQueries({ queryKey: convoKeys.messages(id) });
}

/**
 * After a stop the server saves the partial reply once its generating invocation sees the flag
 * (it looks every 250 ms); refetching sooner would replace the reply on screen with a list that
 * does not have it yet.
 */
const SAVED_AFTER_STOP_MS = 1_000;

/** Sends a message (or regenerates a reply) and streams the answer into `streamStore`. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handle = useCallback(
    (stream: ActiveStream, event: AskEvent, isTemporary: boolean) => {
      switch (event.type) {
        case 'created': {
          const isNew = !stream.conversationId;
          const at = event.message.createdAt;
          streamStore.update(stream, (live) => ({
            conversationId: event.conversationId,
            created: true,
            request: live.request ? event.message : null,
            response: { ...live.response, conversationId: event.conversationId, parentMessageId: live.request ? event.message.messageId : live.response.parentMessageId },
          }));
          // A temporary chat is never listed, so it does not join the history either.
          if (!isNew || isTemporary) {
            if (isNew) void navigate(`/c/${event.conversationId}`, { replace: true });
            return;
          }
          const user = getSession().user?.id ?? '';
          const convo: Conversation = { conversationId: event.conversationId, title: i18n.t('chat.untitled'), user, isArchived: false, tags: [], endpoint: stream.response.endpoint, model: stream.response.model ?? null, ...(stream.agentId ? { agent_id: stream.agentId } : {}), createdAt: at, updatedAt: at };
          addConvoAtTop(queryClient, convo);
          queryClient.setQueryData<Message[]>(convoKeys.messages(event.conversationId), (messages) => messages ?? []);
          void navigate(`/c/${event.conversationId}`, { replace: true });
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
          return;
        case 'final': {
          const id = event.conversation.conversationId;
          queryClient.setQueryData<Message[]>(convoKeys.messages(id), (messages) => upsert(messages, [event.requestMessage, event.responseMessage]));
          // Put at the top of the lists from the answer itself: the lists are an index, which may
          // not have this conversation yet for a moment after it is written (decision 0034).
          moveConvoToTop(queryClient, event.conversation);
          // The reply has been charged: the account menu's balance is out of date.
          void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
          if (streamStore.get()?.controller === stream.controller) streamStore.set(null);
          return;
        }
        case 'error':
          streamStore.update(stream, () => ({ error: { code: event.code, message: event.message, info: event.info } }));
      }
    },
    [queryClient, navigate],
  );

  const send = useCallback(
    async ({ text, conversationId, parentMessageId = NO_PARENT, isRegenerate = false, continued, choice, files = [], isTemporary = false }: SendInput) => {
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
      const stream: ActiveStream = { conversationId, endpoint: custom ? 'custom' : choice.endpoint, agentId: choice.agentId ?? null, request, response, created: false, opened: false, slow: false, lastTokenAt: Date.now(), error: null, controller: new AbortController() };
      streamStore.set(stream);
      const warning = setTimeout(() => streamStore.update(stream, (live) => ({ slow: !live.opened })), CONNECTION_WARNING_MS);
      const turn = { artifacts, text, conversationId, parentMessageId, messageId: request?.messageId, model: choice.model, isRegenerate, ...(request && files.length ? { files: files.map(({ file_id }) => ({ file_id })) } : {}), ...(continued ? { isContinued: true, responseMessageId: continued.messageId } : {}), ...(isTemporary ? { isTemporary } : {}) };
      const events = {
        signal: stream.controller.signal,
        onOpen: () => streamStore.update(stream, () => ({ opened: true, slow: false })),
        onEvent: (event: unknown) => handle(stream, event as AskEvent, isTemporary),
      };

      try {
        // An agent answers with its own model and parameters: only the turn and the agent go.
        if (choice.agentId) await streamRequest('agentsChat', { body: { ...turn, endpoint: AGENTS_ENDPOINT, agent_id: choice.agentId }, ...events });
        else await streamRequest(askRouteName(choice.endpointType), { body: { ...settingsForSend(choice.endpointType, choice.model, choice.settings ?? {}), spec: choice.spec ?? null, ...turn, endpointName: custom ? choice.endpoint : undefined }, ...events });
      } catch (error) {
        if (stream.controller.signal.aborted) return;
        const code = isApiError(error) ? error.code : 'network';
        const info = isApiError(error) ? error.info : undefined;
        streamStore.update(stream, () => ({ opened: true, slow: false, error: { code, message: error instanceof Error ? error.message : String(error), info } }));
      } finally {
        clearTimeout(warning);
      }
      // A stream that ended without `final` (an error, a dropped connection) keeps what it showed.
      const live = streamStore.get();
      if (live?.controller === stream.controller && !live.error) {
        settle(queryClient, live, true);
        streamStore.set(null);
      }
    },
    [handle, queryClient],
  );

  /** Stops the reply: the server keeps what it wrote so far, marked unfinished. */
  const stop = useCallback(() => {
    const live = streamStore.get();
    if (!live) return;
    live.controller.abort();
    streamStore.set(null);
    if (!live.conversationId) return;
    settle(queryClient, live, true, false);
    // Name this reply, so a reply started elsewhere in the same conversation keeps going.
    const messageId = live.request?.messageId ?? (live.response.messageId.startsWith('pending-') ? undefined : live.response.messageId);
    const conversationId = live.conversationId;
    void apiRequest('abortAsk', { params: { endpoint: live.endpoint }, body: { conversationId, messageId } })
      .catch(() => undefined)
      .finally(() => setTimeout(() => void queryClient.invalidateQueries({ queryKey: convoKeys.messages(conversationId) }), SAVED_AFTER_STOP_MS));
  }, [queryClient]);

  return { send, stop };
}
