import { NO_PARENT, type Conversation, type Message } from '@meld/shared';
import { getAppConfig } from '../functions/src/config/app-config.ts';
import { seed } from '../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../functions/src/local/test-stack.ts';
import { putConversation } from '../functions/src/store/conversation-store.ts';
import { keys } from '../functions/src/store/keys.ts';
import { putMessages } from '../functions/src/store/message-store.ts';
import { table } from '../functions/src/store/table.ts';
import { registerBenchMember } from './conversations.ts';

/**
 * Work too large for a request (decision 0034), at the size that found it: a 100,000-message
 * conversation duplicated and deleted, then its account deleted. Each line is the time until the
 * member sees it done (the answer: the copy listed and marked, the conversation or account gone
 * from view) and until the background worker has copied or removed everything.
 */
const MESSAGES = 100_000;
const WRITE_CONCURRENCY = 8;

export interface BackgroundFigure {
  action: string;
  visibleMs: number;
  doneMs: number;
  items: number;
}

function chain(conversationId: string, count: number): Message[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i): Message => {
    const at = new Date(start + i * 1_000).toISOString();
    return { messageId: `m${i}`, conversationId, parentMessageId: i ? `m${i - 1}` : NO_PARENT, text: `Message ${i}: a line of an ordinary chat`, sender: i % 2 ? 'Meld' : 'User', isCreatedByUser: i % 2 === 0, createdAt: at, updatedAt: at };
  });
}

async function partitionItems(userId: string, prefix = ''): Promise<number> {
  const items = await table.queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ...(prefix ? { ':prefix': prefix } : {}) },
    ProjectionExpression: 'pk',
  });
  return items.length;
}

export async function benchBackgroundWork(): Promise<BackgroundFigure[]> {
  const stack = await startTestStack({ env: { MELD_SIGNUP_CODES: 'PILOT-BENCH', POWERTOOLS_LOG_LEVEL: 'ERROR' } });
  try {
    await seed(getAppConfig(), process.env);
    const client = createClient(stack.baseUrl);
    const { credentials, user, headers } = await registerBenchMember(client);
    const call = (method: string, path: string, json?: unknown) => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });

    const at = new Date().toISOString();
    const source: Conversation = { conversationId: 'years-of-chat', title: 'Years of chat', user: user.id, isArchived: false, tags: [], endpoint: 'openAI', model: 'gpt-4o-mini', createdAt: at, updatedAt: at };
    const messages = chain(source.conversationId, MESSAGES);
    const batch = Math.ceil(messages.length / WRITE_CONCURRENCY);
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, (_, i) => putMessages(user.id, messages.slice(i * batch, (i + 1) * batch))));
    await putConversation(user.id, source);

    const figures: BackgroundFigure[] = [];
    const time = async (action: string, request: () => Promise<{ status: number; text: string }>, items: () => Promise<number>) => {
      const started = performance.now();
      const response = await request();
      const visibleMs = performance.now() - started;
      if (response.status >= 300) throw new Error(`${action}: ${response.status} ${response.text.slice(0, 200)}`);
      await stack.jobsSettled();
      figures.push({ action, visibleMs, doneMs: performance.now() - started, items: await items() });
    };

    let copyId = '';
    await time(
      `duplicate (${MESSAGES.toLocaleString('en')} messages)`,
      async () => {
        const response = await call('POST', '/api/convos/duplicate', { conversationId: source.conversationId });
        copyId = (response.json as { conversation: Conversation }).conversation.conversationId;
        return response;
      },
      () => partitionItems(user.id, keys.messagePrefix(copyId)),
    );
    await time(`delete the conversation (${MESSAGES.toLocaleString('en')} messages)`, () => call('DELETE', '/api/convos', { arg: { conversationId: source.conversationId } }), () => partitionItems(user.id, keys.messagePrefix(source.conversationId)));
    await time(`delete the account (its copy: ${MESSAGES.toLocaleString('en')} messages)`, () => call('DELETE', '/api/user/delete', { email: credentials.email }), () => partitionItems(user.id));
    return figures;
  } finally {
    await stack.stop();
  }
}

export function printBackgroundFigures(figures: BackgroundFigure[]): void {
  console.log('\nWork in the background (the local worker, in-process; in AWS the table stream and a worker function)\n');
  console.log(`${'action'.padEnd(52)} ${'visible'.padStart(10)} ${'done'.padStart(10)} ${'items after'.padStart(12)}`);
  for (const f of figures) console.log(`${f.action.padEnd(52)} ${`${(f.visibleMs / 1000).toFixed(2)} s`.padStart(10)} ${`${(f.doneMs / 1000).toFixed(1)} s`.padStart(10)} ${String(f.items).padStart(12)}`);
  console.log('\nvisible: the answer (the copy listed and marked copying; the conversation or account gone from view). done: every message copied or removed.');
}
