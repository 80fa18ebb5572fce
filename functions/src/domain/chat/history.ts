import { NO_PARENT, type ConversationSettings, type Message } from '@meld/shared';
import type { ChatTurn } from '../../providers/llm/types.ts';
import { artifactsPrompt } from '../artifacts/prompt.ts';

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

/** What the provider sees: the system prompt (promptPrefix, else system; then the artifacts guide when on), then the branch. */
export function toTurns(settings: ConversationSettings, branch: Message[]): ChatTurn[] {
  const system = [settings.promptPrefix?.trim() || settings.system?.trim(), artifactsPrompt(settings.artifacts)].filter(Boolean).join('\n\n');
  const turns: ChatTurn[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of branch) {
    if (message.error || !message.text) continue;
    turns.push({ role: message.isCreatedByUser ? 'user' : 'assistant', content: message.text });
  }
  return turns;
}
