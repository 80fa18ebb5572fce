import type { ChatErrorInfo, Message } from '@meld/shared';
import { useSyncExternalStore } from 'react';

/**
 * The reply being streamed, kept outside React so it survives the move from /c/new to /c/<id>
 * (a new view mounts) and the visit of another page. One reply streams at a time.
 */
export interface ActiveStream {
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
  /** When the last token arrived (or the request was sent): drives the unfinished indicator. */
  lastTokenAt: number;
  error: { code: string; message: string; info?: ChatErrorInfo } | null;
  controller: AbortController;
}

type Part = NonNullable<Message['content']>[number];

let current: ActiveStream | null = null;
const listeners = new Set<() => void>();

export const streamStore = {
  get: (): ActiveStream | null => current,
  set(next: ActiveStream | null): void {
    current = next;
    for (const listener of listeners) listener();
  },
  /** Changes the stream only if it is still `stream` (a stopped or replaced one is left alone). */
  update(stream: ActiveStream, change: (stream: ActiveStream) => Partial<ActiveStream>): ActiveStream | null {
    if (current !== stream && current?.controller !== stream.controller) return null;
    streamStore.set({ ...current!, ...change(current!) });
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Test helper: stop and forget the reply a test left streaming. */
export function resetStreamForTests(): void {
  current?.controller.abort();
  current = null;
}

export function useActiveStream(): ActiveStream | null {
  return useSyncExternalStore(streamStore.subscribe, streamStore.get, streamStore.get);
}

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
export function withStreamMessages(messages: readonly Message[], stream: ActiveStream | null): readonly Message[] {
  if (!stream) return messages;
  const ids = new Set(messages.map((message) => message.messageId));
  const extra = [stream.request, stream.response].filter((message): message is Message => !!message && !ids.has(message.messageId));
  return extra.length ? [...messages, ...extra] : messages;
}
