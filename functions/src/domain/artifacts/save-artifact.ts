import { artifactsIn, ERROR_CODES, replaceArtifact, type Message } from '@meld/shared';
import { DomainError } from '../errors.ts';

export interface ArtifactEdit {
  index: number;
  original: string;
  updated: string;
}

type Part = NonNullable<Message['content']>[number];

function partText(part: Part): string | null {
  if (part.type !== 'text') return null;
  if (typeof part.text === 'string') return part.text;
  const nested = part.text as { value?: unknown } | null | undefined;
  return nested && typeof nested.value === 'string' ? nested.value : null;
}

function staleEdit(): DomainError {
  return new DomainError('conflict', ERROR_CODES.conflict, 'This artifact has changed since it was opened. Reload the conversation and edit it again.', 'original');
}

/**
 * Replaces the code of the message's artifact `index`. A reply made of parts counts artifacts
 * across its text parts in order and edits the part holding it; `text` (the parts' text joined)
 * holds the same artifacts in the same order, so it is edited the same way and the two agree.
 */
export function saveArtifactEdit(message: Message, edit: ArtifactEdit, now: Date): Message {
  const text = replaceArtifact(message.text, edit.index, edit.original, edit.updated);
  let content = message.content;
  if (content?.length) {
    let first = 0;
    let replaced = false;
    content = content.map((part) => {
      const source = partText(part);
      if (source === null || replaced) return part;
      const count = artifactsIn(source, first).length;
      if (edit.index >= first + count) {
        first += count;
        return part;
      }
      const next = replaceArtifact(source, edit.index, edit.original, edit.updated, first);
      if (next === null) throw staleEdit();
      replaced = true;
      return { ...part, text: next };
    });
    if (!replaced && text === null) throw staleEdit();
  } else if (text === null) {
    throw staleEdit();
  }
  const { tokenCount: _stale, ...rest } = message;
  return { ...rest, ...(content ? { content } : {}), text: text ?? message.text, updatedAt: now.toISOString() };
}
