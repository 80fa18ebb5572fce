import { randomUUID } from 'node:crypto';
import type { Conversation, Message } from '@meld/shared';
import { branchedTree } from '../../../domain/conversations/__fixtures__/branched-tree.ts';
import { putConversation } from '../../../store/conversation-store.ts';
import { putMessages } from '../../../store/message-store.ts';
import { registerMember, type ApiClient } from '../../api-test-kit.ts';

/** A new member and a way to call the API as them. */
export async function signUp(client: ApiClient) {
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}` };
  return {
    userId,
    call: <T = unknown>(method: string, path: string, json?: unknown) => client.request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }),
  };
}

export type Member = Awaited<ReturnType<typeof signUp>>;

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
  return { conversation, messages: written };
}

/** A message's name in the fixture tree ("m3b"), from its text. */
export const nameOf = (message: Message) => message.text.split(':')[0];
