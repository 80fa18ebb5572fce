import type { Message } from '@meld/shared';
import { getAppConfig } from '../../functions/src/config/app-config.ts';
import { seed } from '../../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { askStream } from '../../functions/src/routes/ask/ask-stream-client.ts';
import { askBodyFor, BENCH_SIGNUP_CODE, fakeEndpointConfig, signUp } from '../load/members.ts';
import { check, printChecks } from './checks.ts';

const TOKENS = ['Once', ' upon', ' a', ' time', ' there', ' was', ' a', ' model'];
const STREAMED_BEFORE_FAILING = 3;

/** One reply whose provider fails after a few tokens, by `mode`: the connection dropped, or an error chunk. */
async function failingReply(baseUrl: string, token: string, mode: 'dropped' | 'error chunk') {
  const ask = askBodyFor('Tell me a story.', null);
  const reply = await askStream(baseUrl, '/api/ask/custom', token, ask);
  const events = reply.events.map((e) => e.event);
  const created = events.find((e) => e.type === 'created');
  const error = events.find((e) => e.type === 'error');
  const conversationId = created?.type === 'created' ? created.conversationId : '';
  const opened = await createClient(baseUrl).request<Message[]>('GET', `/api/messages/${conversationId}`, { headers: { authorization: `Bearer ${token}` } });
  const stored = opened.status === 200 ? opened.json : [];
  const userMessage = stored.find((m) => m.messageId === ask.messageId);
  const partial = stored.find((m) => !m.isCreatedByUser);
  const expected = TOKENS.slice(0, STREAMED_BEFORE_FAILING).join('');
  return [
    check(`${mode}: the stream ends with an error event and a message`, error?.type === 'error' && error.message.length > 0, error?.type === 'error' ? `${error.code}: "${error.message}"` : 'no error event'),
    check(`${mode}: the conversation still opens`, opened.status === 200, `GET /api/messages answered ${opened.status}`),
    check(`${mode}: the user message is stored`, userMessage?.text === ask.text),
    check(`${mode}: the partial reply is stored, marked as failed`, partial?.text === expected && partial.error === true, partial ? `"${partial.text}", error ${String(partial.error)}` : 'no reply stored'),
  ];
}

/** Fault 1: the model provider fails mid-stream. */
export async function providerFailsMidStream(): Promise<boolean> {
  const dropping = await startFakeOpenAI({ tokens: TOKENS, dropAfter: STREAMED_BEFORE_FAILING, intervalMs: 2 });
  const erroring = await startFakeOpenAI({ tokens: TOKENS, failAfter: STREAMED_BEFORE_FAILING, intervalMs: 2 });
  const checks = [];
  for (const [mode, fake] of [['dropped', dropping], ['error chunk', erroring]] as const) {
    const stack = await startTestStack({ env: { MELD_SIGNUP_CODES: BENCH_SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' }, config: fakeEndpointConfig(fake.url) });
    try {
      await seed(getAppConfig(), process.env);
      const member = await signUp(stack.baseUrl, 'provider-fault');
      checks.push(...(await failingReply(stack.baseUrl, member.token, mode)));
    } finally {
      await stack.stop();
      await fake.close();
    }
  }
  return printChecks(`1. The provider fails after ${STREAMED_BEFORE_FAILING} tokens (connection dropped; error chunk)`, [], checks);
}
