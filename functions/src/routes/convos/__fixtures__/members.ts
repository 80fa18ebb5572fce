import { randomUUID } from 'node:crypto';
import type { Conversation, Message } from '@meld/shared';
import { branchedTree } from '../../../domain/conversations/__fixtures__/branched-tree.ts';
import { indexesSettled } from '../../../local/test-stack.ts';
import { putConversation } from '../../../store/conversation-store.ts';
import { putMessages } from '../../../store/message-store.ts';

export { signUp, type Member } from '../../api-test-kit.ts';

/**
 * Writes a conversation straight into the member's partition, as chat or import would, with the
 * branched tree of the domain fixtures (or the messages given).
 */
export async function seedConversation(
  userId: string,
  overrides: Partial<Conversation> = {},
  messages: (conversationId: string) => Message[] = branchedTree,
): Promise<{ conversation: Conversation; messages: Message[] }> {
  const conversationId = overrides.conversationId ?? randomUUID();
  const at = overrides.updatedAt ?? '2026-01-10T10:00:00.000Z';
  const conversation: Conversation = {
    conversationId,
    title: 'Lisbon weekend',
    user: userId,
    isArchived: false,
    tags: [],
    endpoint: 'openAI',
    model: 'gpt-4o',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  const written = messages(conversationId);
  if (written.length) await putMessages(userId, written);
  await putConversation(userId, conversation);
  // Seeded data stands for what was written long before the request under test: the lists' indexes have it.
  await indexesSettled();
  return { conversation, messages: written };
}

/** A message's name in the fixture tree ("m3b"), from its text. */
export const nameOf = (message: Message) => message.text.split(':')[0];
