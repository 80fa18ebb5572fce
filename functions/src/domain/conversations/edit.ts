import { ERROR_CODES, type Conversation, type Message } from '@meld/shared';
import { DomainError } from '../errors.ts';

export interface ConversationChange {
  title?: string | undefined;
  isArchived?: boolean | undefined;
}

/**
 * Rename and archive both bump updatedAt, as LibreChat's saves do: a renamed conversation rises
 * to the top of its list, and an archived or restored one heads the list it moves into.
 */
export function changeConversation(current: Conversation, change: ConversationChange, now: Date): Conversation {
  return {
    ...current,
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.isArchived !== undefined ? { isArchived: change.isArchived } : {}),
    updatedAt: now.toISOString(),
  };
}

export interface MessageEdit {
  text: string;
  /** The content part to edit, for replies made of parts. */
  index?: number | undefined;
}

function partText(part: Record<string, unknown>): string | undefined {
  if (part.type !== 'text') return undefined;
  const text = part.text;
  if (typeof text === 'string') return text;
  // The assistants API nests it: { type: 'text', text: { value } }.
  if (text && typeof text === 'object' && typeof (text as { value?: unknown }).value === 'string') return (text as { value: string }).value;
  return undefined;
}

/**
 * Edits a message's text. With an index, on a message made of content parts, the text part at
 * that index is replaced and `text` becomes the message's text parts joined by blank lines, so
 * the two never disagree. The stored token count no longer describes the text, so it goes.
 */
export function editMessage(message: Message, edit: MessageEdit, now: Date): Message {
  const { tokenCount: _stale, ...rest } = message;
  const edited: Message = { ...rest, updatedAt: now.toISOString() };
  const parts = message.content;
  if (edit.index === undefined || !parts?.length) return { ...edited, text: edit.text };

  const part = parts[edit.index];
  if (!part) throw new DomainError('invalid', ERROR_CODES.validation, `This message has no part ${edit.index}.`, 'index');
  if (partText(part) === undefined) throw new DomainError('invalid', ERROR_CODES.validation, 'Only text parts can be edited.', 'index');
  const content = parts.map((current, i) => (i === edit.index ? { type: 'text', text: edit.text } : current));
  const text = content.flatMap((current) => partText(current) ?? []).join('\n\n');
  return { ...edited, content, text };
}
