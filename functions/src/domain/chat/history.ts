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
    if (message.error || !message.text) continue;
    const turn: ChatTurn = { role: message.isCreatedByUser ? 'user' : 'assistant', content: message.text };
    const attached = attachments.get(message.messageId);
    if (attached?.images.length) turn.images = attached.images;
    if (attached?.documents.length) documents.set(turn, attached.documents);
    turns.push(turn);
  }
  return documents.size ? withDocuments(turns, documents, settings) : turns;
}
