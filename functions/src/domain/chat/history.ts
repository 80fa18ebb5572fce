import { NO_PARENT, type ConversationSettings, type Message } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { artifactsPrompt } from '../artifacts/prompt.ts';
import type { MessageAttachments } from './attachments.ts';
import { withDocuments } from './attachments-prompt.ts';

/** The messages from the root down to `leaf`, following parent links (a cycle or gap ends the walk). */
export function branchTo(messages: Message[], leaf: Message): Message[] {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const branch: Message[] = [];
  const seen = new Set<string>();
  for (let current: Message | undefined = leaf; current && !seen.has(current.messageId); current = byId.get(current.parentMessageId)) {
    seen.add(current.messageId);
    branch.push(current);
    if (current.parentMessageId === NO_PARENT) break;
  }
  return branch.reverse();
}

/**
 * What the provider sees: the system prompt (promptPrefix, else system; then the artifacts guide
 * when on), then the branch, each user message with its attached images and documents.
 */
export function toTurns(settings: ConversationSettings, branch: Message[], attachments: ReadonlyMap<string, MessageAttachments> = new Map()): ChatTurn[] {
  const system = [settings.promptPrefix?.trim() || settings.system?.trim(), artifactsPrompt(settings.artifacts)].filter(Boolean).join('\n\n');
  const turns: ChatTurn[] = system ? [{ role: 'system', content: system }] : [];
  const documents = new Map<ChatTurn, MessageAttachments['documents']>();
  for (const message of branch) {
    const text = message.error ? '' : turnText(message);
    if (!text) continue;
    const turn: ChatTurn = { role: message.isCreatedByUser ? 'user' : 'assistant', content: text };
    const attached = attachments.get(message.messageId);
    if (attached?.images.length) turn.images = attached.images;
    if (attached?.documents.length) documents.set(turn, attached.documents);
    turns.push(turn);
  }
  return documents.size ? withDocuments(turns, documents, settings) : turns;
}

/**
 * What a message said: its text, or when that is empty (agents and assistants replies, imported
 * or our own, keep their words in content parts) its text parts. Think parts stay out: the
 * reasoning was the model's, not part of the conversation.
 */
export function turnText(message: Pick<Message, 'text' | 'content'>): string {
  if (message.text.trim()) return message.text;
  const texts = (message.content ?? []).map((part) => (part.type === 'text' ? partText(part.text) : ''));
  return texts.filter((text) => text.trim()).join('\n\n');
}

/** Ours and agents' text parts hold a string; Assistants API ones `{ value }`. */
function partText(value: unknown): string {
  if (typeof value === 'string') return value;
  const nested = typeof value === 'object' && value !== null ? (value as { value?: unknown }).value : undefined;
  return typeof nested === 'string' ? nested : '';
}
