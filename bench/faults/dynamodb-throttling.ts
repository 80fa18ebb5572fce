import { randomUUID } from 'node:crypto';
import type { Message } from '@meld/shared';
import { getAppConfig } from '../../functions/src/config/app-config.ts';
import { seed } from '../../functions/src/local/seed.ts';
import { createClient, startTestStack, type TestStack } from '../../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { askStream } from '../../functions/src/routes/ask/ask-stream-client.ts';
import { askBodyFor, BENCH_SIGNUP_CODE, fakeEndpointConfig, finalEvent, inBatches, signUp, type Member } from '../load/members.ts';
import { check, isClearError, printChecks, type Check } from './checks.ts';
import { startFaultProxy, type Fault } from './fault-proxy.ts';

const FRAGMENTS = 40;
const ASKS = 20;
/** One DynamoDB call in THROTTLE_EVERY is refused while the fault lasts. */
const THROTTLE_EVERY = 3;

/** DynamoDB's own answer when a table's capacity is exceeded. */
const THROTTLED: Fault = {
  status: 400,
  headers: { 'content-type': 'application/x-amz-json-1.0' },
  body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'The level of configured provisioned throughput for the table was exceeded.' }),
};

const fragmentText = (i: number) => `Throttled fragment ${i}: a thought worth keeping.`;

async function listFragmentContents(baseUrl: string, member: Member): Promise<string[]> {
  const listed = await createClient(baseUrl).request<{ fragments: { content: string }[] }>('GET', '/api/fragments?limit=100', { headers: { authorization: `Bearer ${member.token}` } });
  return listed.json.fragments.map((f) => f.content);
}

async function createFragment(baseUrl: string, member: Member, i: number, requestId: string) {
  return createClient(baseUrl).request('POST', '/api/fragments', { headers: { authorization: `Bearer ${member.token}` }, json: { content: fragmentText(i), clientRequestId: requestId } });
}

async function throttledWrites(stack: TestStack, member: Member, throttle: (on: 'some' | 'all' | 'none') => void): Promise<{ checks: Check[]; notes: string[] }> {
  const requestIds = Array.from({ length: FRAGMENTS }, () => randomUUID());
  throttle('some');
  const fragments = await inBatches(requestIds, 8, (id, i) => createFragment(stack.baseUrl, member, i, id));
  const asks = await inBatches(Array.from({ length: ASKS }, (_, i) => i), 4, async (i) => {
    const ask = askBodyFor(`Throttled question ${i}`, null);
    return { ask, reply: await askStream(stack.baseUrl, '/api/ask/custom', member.token, ask) };
  });
  // Every call refused: the SDK's retries run out and the API has to say so.
  throttle('all');
  const exhausted = await createFragment(stack.baseUrl, member, FRAGMENTS, randomUUID());
  throttle('none');

  const refused = fragments.flatMap((r, i) => (r.status === 201 || r.status === 200 ? [] : [i]));
  const unclear = fragments.filter((r) => r.status >= 300 && !isClearError(r.status, r.text));
  // The browser retries a refused capture with the same request id: it must land exactly once.
  for (const i of refused) await createFragment(stack.baseUrl, member, i, requestIds[i]!);
  const stored = await listFragmentContents(stack.baseUrl, member);
  const acknowledged = fragments.flatMap((r, i) => (r.status < 300 ? [i] : []));
  const lost = acknowledged.filter((i) => !stored.includes(fragmentText(i)));
  const duplicated = requestIds.map((_, i) => i).filter((i) => stored.filter((c) => c === fragmentText(i)).length > 1);
  const missingAfterRetry = refused.filter((i) => !stored.includes(fragmentText(i)));

  const finished = asks.filter(({ reply }) => reply.status === 200 && finalEvent(reply.events.map((e) => e.event)));
  const failedAsks = asks.filter((a) => !finished.includes(a));
  const unclearAsks = failedAsks.filter(({ reply }) => (reply.status === 200 ? !reply.events.some((e) => e.event.type === 'error' && e.event.message) : !isClearError(reply.status, reply.text)));
  const askLost: string[] = [];
  for (const { ask, reply } of finished) {
    const final = finalEvent(reply.events.map((e) => e.event))!;
    const opened = await createClient(stack.baseUrl).request<Message[]>('GET', `/api/messages/${final.conversationId}`, { headers: { authorization: `Bearer ${member.token}` } });
    const ids = new Set((opened.json ?? []).map((m) => m.messageId));
    if (!ids.has(ask.messageId) || !ids.has(final.responseMessage.messageId)) askLost.push(final.conversationId);
  }

  return {
    notes: [
      `fragments: ${acknowledged.length} of ${FRAGMENTS} acknowledged, ${refused.length} refused (${[...new Set(refused.map((i) => fragments[i]!.status))].join(', ') || 'none'})`,
      `messages: ${finished.length} of ${ASKS} replies finished, ${failedAsks.length} refused or ended in an error`,
      `with every call throttled: ${exhausted.status} ${exhausted.text.slice(0, 160)}`,
    ],
    checks: [
      check('every refusal under throttling is a clear error (no 500)', unclear.length === 0 && unclearAsks.length === 0, `${unclear.length + unclearAsks.length} unclear`),
      check('retries exhausted: a clear 503, not a 500', exhausted.status === 503 && isClearError(exhausted.status, exhausted.text), `${exhausted.status}`),
      check('every acknowledged fragment is stored', lost.length === 0, `${lost.length} lost`),
      check('every acknowledged message and its reply are stored', askLost.length === 0, `${finished.length} checked, ${askLost.length} incomplete`),
      check('refused fragments retried with their request id land exactly once', missingAfterRetry.length === 0 && duplicated.length === 0, `${missingAfterRetry.length} missing, ${duplicated.length} duplicated`),
    ],
  };
}

/** Fault 2: DynamoDB throttles (400 ProvisionedThroughputExceededException) a share of calls. */
export async function dynamoDbThrottling(): Promise<boolean> {
  const fake = await startFakeOpenAI({ intervalMs: 1 });
  const stack = await startTestStack({ env: { MELD_SIGNUP_CODES: BENCH_SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' }, config: fakeEndpointConfig(fake.url) });
  const proxy = await startFaultProxy(stack.services.dynamoEndpoint);
  try {
    await seed(getAppConfig(), process.env);
    // From here on the handlers reach DynamoDB through the proxy (the store re-reads the endpoint).
    process.env.MELD_DYNAMODB_ENDPOINT = proxy.url;
    const member = await signUp(stack.baseUrl, 'throttled');
    let mode: 'some' | 'all' | 'none' = 'none';
    let count = 0;
    let throttledSome = 0;
    proxy.decide = () => {
      if (mode === 'all') return THROTTLED;
      if (mode === 'some' && ++count % THROTTLE_EVERY === 0) {
        throttledSome++;
        return THROTTLED;
      }
      return undefined;
    };
    const seenBefore = proxy.seen;
    const { checks, notes } = await throttledWrites(stack, member, (on) => (mode = on));
    notes.unshift(`${proxy.seen - seenBefore} DynamoDB calls, ${proxy.failed} throttled (${throttledSome} while one in ${THROTTLE_EVERY} was, each retried by the SDK with backoff unless its attempts ran out)`);
    return printChecks(`2. DynamoDB throttling: one call in ${THROTTLE_EVERY} refused during ${FRAGMENTS} fragment captures and ${ASKS} messages, then every call`, notes, checks);
  } finally {
    await stack.stop();
    await proxy.close();
    await fake.close();
  }
}
