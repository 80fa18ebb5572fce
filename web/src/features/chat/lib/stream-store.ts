import type { ChatErrorInfo, Message } from '@meld/shared';
import { useSyncExternalStore } from 'react';

/**
 * The replies this tab is streaming, one per conversation, kept outside React so they survive the
 * move from /c/new to /c/<id> (a new view mounts) and the visit of other pages and conversations
 * (decision 0040). A reply in one conversation never blocks another.
 */
export interface ActiveStream {
  /** This send's own id: how the store knows the stream before the server names its conversation. */
  clientId: string;
  /** Null until the server's `created` event names the new conversation. */
  conversationId: string | null;
  /** The ask route's endpoint parameter (`custom` for a named custom endpoint, `agents` for an agent). */
  endpoint: string;
  /** The agent answering, when the chat is with one. */
  agentId?: string | null;
  /** The user's message; null when regenerating an existing one. */
  request: Message | null;
  /** The reply as it grows; its content holds text, think, tool call and agent update parts in arrival order. */
  response: Message;
  /** True once the server has saved the user's message (its `created` event). */
  created: boolean;
  /** True once the server has answered; the connection warning shows only before that. */
  opened: boolean;
  /** Set when nothing at all has come back for a while. */
  slow: boolean;
  /**
   * Set by Stop: the server has been asked to stop and the stream is still read until its `final`
   * (the saved, unfinished reply) and `title`, so a stopped first reply is still titled.
   */
  stopped: boolean;
  /** When the last token arrived (or the request was sent): drives the unfinished indicator. */
  lastTokenAt: number;
  error: StreamError | null;
  controller: AbortController;
}

/**
 * A reply being written as a chat screen shows it: this tab's own stream, or one followed from
 * the server (another tab's, another device's, or this tab's before a reload).
 */
export type ReplyOnScreen = Pick<ActiveStream, 'request' | 'response' | 'error' | 'slow' | 'stopped' | 'lastTokenAt'> & {
  /** Over, and shown as it last was until its saved copy takes its place. */
  ended?: boolean;
};

export interface StreamError {
  code: string;
  message: string;
  info?: ChatErrorInfo;
}

/** The last send that failed, for what answers a failure outside the thread (the key dialog). */
export interface StreamFailure {
  endpoint: string;
  error: StreamError;
}

type Part = NonNullable<Message['content']>[number];

let streams: readonly ActiveStream[] = [];
let latestFailure: StreamFailure | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Whether two streams answer in the same place: the same conversation, or the same unsaved new chat. */
const samePlace = (a: ActiveStream, b: ActiveStream) => (a.conversationId ? a.conversationId === b.conversationId : a.clientId === b.clientId);

export const streamStore = {
  all: (): readonly ActiveStream[] => streams,
  /** The conversation's stream; `null` asks for a new chat's, before the server has named it. */
  of: (conversationId: string | null): ActiveStream | null => streams.find((stream) => stream.conversationId === conversationId) ?? null,
  /** Starts a stream; one that ended in its place (an error kept on screen, a stop being saved) gives way. */
  start(stream: ActiveStream): void {
    streams = [...streams.filter((other) => !samePlace(other, stream)), stream];
    // A new send answers the last failure (the key dialog it opened stays closed).
    latestFailure = null;
    emit();
  },
  /** Changes the stream if it is still in the store (a replaced or finished one is left alone). */
  update(stream: ActiveStream, change: (stream: ActiveStream) => Partial<ActiveStream>): ActiveStream | null {
    const current = streams.find((other) => other.clientId === stream.clientId);
    if (!current) return null;
    const next = { ...current, ...change(current) };
    streams = streams.map((other) => (other === current ? next : other));
    if (next.error && next.error !== current.error) latestFailure = { endpoint: next.response.endpoint ?? next.endpoint, error: next.error };
    emit();
    return next;
  },
  remove(stream: ActiveStream): void {
    if (!streams.some((other) => other.clientId === stream.clientId)) return;
    streams = streams.filter((other) => other.clientId !== stream.clientId);
    emit();
  },
  /** Records a send the server or the network refused before it started (nothing of it is in the thread). */
  refused(failure: StreamFailure): void {
    latestFailure = failure;
    emit();
  },
  latestFailure: (): StreamFailure | null => latestFailure,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Test helper: stop and forget the replies a test left streaming. */
export function resetStreamForTests(): void {
  for (const stream of streams) stream.controller.abort();
  streams = [];
  latestFailure = null;
}

/** Every reply this tab is streaming (or has just stopped, or that failed and is still shown). */
export function useStreams(): readonly ActiveStream[] {
  return useSyncExternalStore(streamStore.subscribe, streamStore.all, streamStore.all);
}

/** The conversation's stream in this tab; `null` is /c/new's, until the server names the chat. */
export function useConversationStream(conversationId: string | null): ActiveStream | null {
  const get = () => streamStore.of(conversationId);
  return useSyncExternalStore(streamStore.subscribe, get, get);
}

/** The last send that failed in this tab, wherever it was. */
export function useLatestFailure(): StreamFailure | null {
  return useSyncExternalStore(streamStore.subscribe, streamStore.latestFailure, streamStore.latestFailure);
}

/** True while the reply still holds its conversation: writing, or stopped and not yet saved. */
export const isReplying = <T extends ReplyOnScreen>(stream: T | null): stream is T => !!stream && !stream.error && !stream.ended;

/** The reply with one more token: appended to the last part when it is of the same kind. */
export function appendDelta(response: Message, messageId: string, part: 'text' | 'think', text: string): Message {
  const content = [...(response.content ?? [])];
  const last = content.at(-1);
  if (last?.type === part) content[content.length - 1] = { ...last, [part]: String(last[part] ?? '') + text };
  else content.push({ type: part, [part]: text } as Part);
  const answer = content.filter((item) => item.type === 'text').map((item) => String(item.text ?? '')).join('');
  return { ...response, messageId, content, text: answer };
}

/**
 * The reply with its part at `index` set (a tool call as it runs, an agent update). A part past the
 * end is added after the last one, so a delta that arrives later still appends after it.
 */
export function setPart(response: Message, messageId: string, index: number, part: Part): Message {
  const content = [...(response.content ?? [])];
  if (index < content.length) content[index] = part;
  else content.push(part);
  return { ...response, messageId, content };
}

/** The stream's messages that the tree does not hold yet, added to the tree's messages. */
export function withStreamMessages(messages: readonly Message[], stream: Pick<ActiveStream, 'request' | 'response'> | null): readonly Message[] {
  if (!stream) return messages;
  const ids = new Set(messages.map((message) => message.messageId));
  const extra = [stream.request, stream.response].filter((message): message is Message => !!message && !ids.has(message.messageId));
  return extra.length ? [...messages, ...extra] : messages;
}
