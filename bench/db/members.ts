import type { Agent, Fragment, PromptGroup, WinTile } from '@meld/shared';
import { localDate } from '../../functions/src/domain/compass/local-time.ts';
import type { TestClient } from '../../functions/src/local/test-stack.ts';
import { entry, seedInteraction } from '../../functions/src/routes/interactions/__fixtures__/days.ts';
import { putConversations } from '../../functions/src/store/conversation-store.ts';
import { putMessages } from '../../functions/src/store/message-store.ts';
import { benchConversationId, conversationsFor, longConversation } from '../conversations.ts';

/** How much a member has: the small one shows a route's floor, the large one whether it grows. */
export interface Size {
  label: string;
  conversations: number;
  messages: number;
  /** Tags, presets, fragments, wins, prompt groups and agents each; compass days. */
  items: number;
}

export const SMALL: Size = { label: 'small', conversations: 10, messages: 10, items: 2 };
export const LARGE: Size = { label: 'large', conversations: 5_000, messages: 2_000, items: 25 };

export type Call = (method: string, path: string, json?: unknown) => Promise<{ status: number; headers: Headers; json: unknown; text: string }>;

/** A member and the ids of their things, for the routes' paths. */
export interface Member {
  userId: string;
  call: Call;
  conversationId: string;
  longConversationId: string;
  fragmentId: string;
  winId: string;
  groupId: string;
  agentId: string;
  tag: string;
}

let registered = 0;

async function register(client: TestClient, signupCode: string): Promise<{ userId: string; call: Call }> {
  registered += 1;
  const password = 'benchmark-pass';
  const response = await client.request('POST', '/api/auth/register', {
    json: { name: 'Bench Member', email: `db.${Date.now()}.${registered}@example.com`, password, confirm_password: password, signup_code: signupCode, whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${response.text}`);
  const { token, user } = response.json as { token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': 'UTC' };
  return { userId: user.id, call: (method, path, json) => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) }) };
}

async function created<T>(call: Call, method: string, path: string, json: unknown): Promise<T> {
  const response = await call(method, path, json);
  if (response.status >= 300) throw new Error(`Seeding ${method} ${path}: ${response.status} ${response.text.slice(0, 200)}`);
  return response.json as T;
}

/**
 * Conversations and messages straight into the store (thousands of them), everything else through
 * the API as the member would make it; compass answers of past days into the store (the API takes
 * only today's).
 */
export async function seedMember(client: TestClient, signupCode: string, size: Size, agentProvider: { provider: string; model: string }): Promise<Member> {
  const { userId, call } = await register(client, signupCode);
  await putConversations(userId, conversationsFor(userId, size.conversations));
  const longConversationId = benchConversationId(userId, size.conversations - 1);
  await putMessages(userId, longConversation(longConversationId, size.messages));
  const conversationId = benchConversationId(userId, 1);

  const today = localDate(new Date(), 'UTC');
  const ids = { fragmentId: '', winId: '', groupId: '', agentId: '' };
  for (let i = 0; i < size.items; i++) {
    await created(call, 'POST', '/api/tags', { tag: `tag-${i}`, conversationId: benchConversationId(userId, i) });
    await created(call, 'POST', '/api/presets', { title: `Preset ${i}`, endpoint: 'demo', model: 'meld-demo' });
    ids.fragmentId = (await created<Fragment>(call, 'POST', '/api/fragments', { content: `Ana helped with review ${i}` })).id;
    ids.winId = (await created<WinTile>(call, 'POST', '/api/wins', { title: `Shipped part ${i}` })).id;
    ids.groupId = (await created<{ group: PromptGroup }>(call, 'POST', '/api/prompts', { prompt: { prompt: `Summarise {{text}} ${i}` }, group: { name: `Summary ${i}` } })).group.groupId;
    ids.agentId = (await created<Agent>(call, 'POST', '/api/agents', { name: `Agent ${i}`, ...agentProvider })).id;
    const day = new Date(Date.parse(`${today}T12:00:00Z`) - (i + 1) * 86_400_000).toISOString().slice(0, 10);
    await seedInteraction(userId, entry('mood', 40 + i, day));
  }
  return { userId, call, conversationId, longConversationId, ...ids, tag: 'tag-0' };
}
