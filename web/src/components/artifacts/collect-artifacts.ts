import { artifactsIn, type ArtifactBlock, type Message } from '@meld/shared';

export interface ConversationArtifact extends ArtifactBlock {
  messageId: string;
}

function textParts(message: Message): string[] {
  if (!message.content?.length) return [message.text];
  return message.content.flatMap((part) => {
    if (part.type !== 'text') return [];
    const text = part.text as unknown;
    if (typeof text === 'string') return [text];
    const nested = (text as { value?: unknown } | null)?.value;
    return typeof nested === 'string' ? [nested] : [];
  });
}

/** A reply's artifacts in order, numbered across its text parts as the server numbers them. */
export function messageArtifacts(message: Message): ConversationArtifact[] {
  if (message.isCreatedByUser) return [];
  const found: ConversationArtifact[] = [];
  for (const text of textParts(message)) for (const block of artifactsIn(text, found.length)) found.push({ ...block, messageId: message.messageId });
  return found;
}

/** Every artifact of the conversation, oldest reply first. */
export function conversationArtifacts(messages: readonly Message[]): ConversationArtifact[] {
  return [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).flatMap(messageArtifacts);
}

/** The versions of the artifact at `messageId`/`index`: every artifact sharing its identifier, in order. */
export function versionsOf(all: readonly ConversationArtifact[], messageId: string, index: number): { versions: ConversationArtifact[]; position: number } {
  const chosen = all.find((artifact) => artifact.messageId === messageId && artifact.index === index);
  if (!chosen) return { versions: [], position: -1 };
  const versions = all.filter((artifact) => artifact.identifier === chosen.identifier);
  return { versions, position: versions.indexOf(chosen) };
}
