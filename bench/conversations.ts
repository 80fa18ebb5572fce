import { MESSAGE_PAGE, NO_PARENT, type Conversation, type Message } from '@meld/shared';
import { getAppConfig } from '../functions/src/config/app-config.ts';
import { seed } from '../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../functions/src/local/test-stack.ts';
import { putConversations } from '../functions/src/store/conversation-store.ts';
import { putMessages } from '../functions/src/store/message-store.ts';

/**
 * The API under a realistic load of data: one member with 5,000 conversations (and another
 * member's 5,000 in the same table), and one conversation of 2,000 messages. Prints DynamoDB
 * calls and milliseconds per request, measured through the local gateway over HTTP.
 */
export const CONVERSATIONS = 5_000;
export const MESSAGES = 2_000;
const RUNS = 15;

/**
 * The member's i-th conversation's id, unique across members. Not the user id first: a user id is
 * base64url, and one starting with "_" made an id the app reads as a cancelled new chat (about one
 * run in 64 measured /c/new instead of the conversation; real ids are UUIDs).
 */
export function benchConversationId(userId: string, i: number): string {
  return `c${i}-${userId}`;
}

export function conversationsFor(userId: string, count: number): Conversation[] {
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 3_600_000).toISOString();
    return { conversationId: benchConversationId(userId, i), title: `Conversation ${i}`, user: userId, isArchived: i % 10 === 0, tags: i % 7 === 0 ? ['work'] : [], endpoint: 'openAI', model: 'gpt-4o-mini', createdAt: at, updatedAt: at };
  });
}

/** A long conversation with a branch every 50 messages, as edits and regenerations make. */
export function longConversation(conversationId: string, count: number): Message[] {
  const start = Date.UTC(2026, 0, 1);
  const messages: Message[] = [];
  let parent = NO_PARENT;
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 1_000).toISOString();
    const user = i % 2 === 0;
    const messageId = `m${i}`;
    const branchFrom = i > 0 && i % 50 === 0 ? messages[i - 2]!.messageId : parent;
    messages.push({
      messageId,
      conversationId,
      parentMessageId: branchFrom,
      text: user ? `Question ${i}: how should I think about this?` : `Answer ${i}.\n\n- a point\n- another point with **emphasis**\n\n\`\`\`ts\nconst x = ${i};\n\`\`\``,
      sender: user ? 'User' : 'Meld',
      isCreatedByUser: user,
      createdAt: at,
      updatedAt: at,
    });
    parent = messageId;
  }
  return messages;
}

/** One question answered this many times (regenerations, or an import's branches): unpaged, past Lambda's 6 MB. */
const BRANCHES = 10_000;

function manyBranches(conversationId: string, count: number): Message[] {
  const start = Date.UTC(2026, 1, 1);
  const at = (i: number) => new Date(start + i * 1_000).toISOString();
  const root: Message = { messageId: 'root', conversationId, parentMessageId: NO_PARENT, text: 'One question, many answers', sender: 'User', isCreatedByUser: true, createdAt: at(0), updatedAt: at(0) };
  return [root, ...Array.from({ length: count }, (_, i): Message => ({
    messageId: `b${i}`, conversationId, parentMessageId: 'root', text: `Answer ${i}: `.padEnd(600, 'lorem ipsum '), sender: 'Meld', isCreatedByUser: false, createdAt: at(i + 1), updatedAt: at(i + 1),
  }))];
}

/** A member signed up through the API with the bench's pilot code (the stack's MELD_SIGNUP_CODES). */
export async function registerBenchMember(client: ReturnType<typeof createClient>) {
  const credentials = { email: `bench.${Date.now()}@example.com`, password: 'benchmark-pass' };
  const registered = await client.request('POST', '/api/auth/register', {
    json: { name: 'Bench Member', ...credentials, confirm_password: credentials.password, signup_code: 'PILOT-BENCH', whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
  });
  const { token, user } = registered.json as { token: string; user: { id: string } };
  return { credentials, user, headers: { authorization: `Bearer ${token}` } };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface ApiFigure {
  request: string;
  dbCalls: number;
  medianMs: number;
  items: number;
}

export async function benchConversationApi(): Promise<{ figures: ApiFigure[]; baseUrl: string; credentials: { email: string; password: string }; conversationId: string; stop: () => Promise<void> }> {
  const stack = await startTestStack({ env: { MELD_EXPOSE_DB_CALLS: '1', MELD_SIGNUP_CODES: 'PILOT-BENCH', POWERTOOLS_LOG_LEVEL: 'ERROR' } });
  await seed(getAppConfig(), process.env);
  const client = createClient(stack.baseUrl);
  const { credentials, user, headers } = await registerBenchMember(client);

  await putConversations(user.id, conversationsFor(user.id, CONVERSATIONS));
  await putConversations('someone-else', conversationsFor('someone-else', CONVERSATIONS));
  const longId = benchConversationId(user.id, CONVERSATIONS - 1);
  await putMessages(user.id, longConversation(longId, MESSAGES));
  const branchedId = benchConversationId(user.id, CONVERSATIONS - 2);
  await putMessages(user.id, manyBranches(branchedId, BRANCHES));

  const figures: ApiFigure[] = [];
  const measure = async (label: string, path: string, count: (json: unknown) => number) => {
    const times: number[] = [];
    let calls = 0;
    let items = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await client.request('GET', path, { headers });
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${label}: ${response.status} ${response.text.slice(0, 200)}`);
      calls = Number(response.headers.get('x-meld-db-calls'));
      items = count(response.json);
    }
    figures.push({ request: label, dbCalls: calls, medianMs: median(times), items });
  };
  const page = (json: unknown) => (json as { conversations: unknown[] }).conversations.length;
  await measure('list conversations, first page', '/api/convos?limit=25', page);
  await measure('list conversations, by title', '/api/convos?limit=25&sortBy=title&sortDirection=asc', page);
  await measure('list archived conversations', '/api/convos?limit=25&isArchived=true', page);
  await measure('list conversations tagged work', '/api/convos?limit=25&tags=work', page);
  await measure('open conversation (2,000 messages)', `/api/messages/${longId}`, (json) => (json as unknown[]).length);
  // As the web asks (decision 0037): a page; this conversation fits one.
  const pageItems = (json: unknown) => (json as { messages: unknown[] }).messages.length;
  await measure('  the same, paged', `/api/messages/${longId}?limit=${MESSAGE_PAGE.maxCount}`, pageItems);
  await measure(`  ${BRANCHES.toLocaleString('en')} branches, first page`, `/api/messages/${branchedId}?limit=${MESSAGE_PAGE.maxCount}`, pageItems);
  return { figures, baseUrl: stack.baseUrl, credentials, conversationId: longId, stop: () => stack.stop() };
}

export function printApiFigures(figures: ApiFigure[]): void {
  console.log(`\nConversations API (${CONVERSATIONS} conversations of this member, ${CONVERSATIONS} of another, in one table; median of ${RUNS})\n`);
  console.log(`${'request'.padEnd(40)} ${'items'.padStart(6)} ${'DynamoDB calls'.padStart(15)} ${'median'.padStart(10)}`);
  for (const f of figures) console.log(`${f.request.padEnd(40)} ${String(f.items).padStart(6)} ${String(f.dbCalls).padStart(15)} ${`${f.medianMs.toFixed(1)} ms`.padStart(10)}`);
}
