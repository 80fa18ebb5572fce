import autocannon, { type Result } from 'autocannon';
import { getAppConfig } from '../../functions/src/config/app-config.ts';
import { seed } from '../../functions/src/local/seed.ts';
import { startTestStack } from '../../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { getAllMessages } from '../../functions/src/store/message-store.ts';
import { inFlightCounter } from './in-flight.ts';
import { BENCH_SIGNUP_CODE, fakeEndpointConfig, inBatches, signUpMany, startConversation } from './members.ts';
import { REQUEST_KINDS, trafficFor, type Acknowledged, type LoadUser, type TrafficLog } from './traffic.ts';

/**
 * 200 signed-in members at once against the local gateway (autocannon, one connection each):
 * list conversations, open one, send a message streamed from a fast fake provider, for a minute.
 * Afterwards every acknowledged message and its reply is looked up in the table.
 */
export const USERS = 200;
export const DURATION_SECONDS = 60;
/** A shorter run while developing: MELD_BENCH_LOAD_SECONDS=10. */
const duration = () => Number(process.env.MELD_BENCH_LOAD_SECONDS) || DURATION_SECONDS;
/** How long a client waits for a response; a reply streams for up to 300 s (the chat functions' timeout). */
const CLIENT_TIMEOUT_SECONDS = 60;
/** The fake provider's reply: a handful of tokens a millisecond apart, so the figures measure Meld. */
const TOKENS = ['Sure', ',', ' here', ' is', ' more', ' on', ' that', '.'];

export interface StoredCount {
  acknowledged: number;
  userMessages: number;
  replies: number;
  missing: string[];
}

export interface LoadFigures {
  result: Result;
  log: TrafficLog;
  stored: StoredCount;
  seconds: number;
}

/** Looks every acknowledged exchange up in the table, one query per conversation. */
async function countStored(acknowledged: Acknowledged[]): Promise<StoredCount> {
  const byConversation = new Map<string, Acknowledged[]>();
  for (const a of acknowledged) {
    const key = `${a.userId} ${a.conversationId}`;
    byConversation.set(key, [...(byConversation.get(key) ?? []), a]);
  }
  const counts = await inBatches([...byConversation.values()], 8, async (sent) => {
    const ids = new Set((await getAllMessages(sent[0]!.userId, sent[0]!.conversationId)).map((m) => m.messageId));
    const missing = sent.flatMap((a) => [...(ids.has(a.messageId) ? [] : [`message ${a.messageId}`]), ...(ids.has(a.replyId) ? [] : [`reply ${a.replyId}`])]);
    return { userMessages: sent.filter((a) => ids.has(a.messageId)).length, replies: sent.filter((a) => ids.has(a.replyId)).length, missing };
  });
  return {
    acknowledged: acknowledged.length,
    userMessages: counts.reduce((sum, c) => sum + c.userMessages, 0),
    replies: counts.reduce((sum, c) => sum + c.replies, 0),
    missing: counts.flatMap((c) => c.missing),
  };
}

export async function benchLoad(): Promise<LoadFigures> {
  const fake = await startFakeOpenAI({ tokens: TOKENS, intervalMs: 1 });
  const unlimited = { max: 1_000_000, windowMinutes: 1 };
  const inFlight = inFlightCounter();
  const stack = await startTestStack({
    loadHandler: inFlight.loadHandler,
    env: { MELD_SIGNUP_CODES: BENCH_SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    config: { ...fakeEndpointConfig(fake.url), rateLimits: { register: unlimited, messages: unlimited, messagesPerIp: unlimited }, concurrentMessages: { max: 1000 } },
  });
  try {
    await seed(getAppConfig(), process.env);
    const started = performance.now();
    const members = await signUpMany(stack.baseUrl, 'load', USERS);
    const users: LoadUser[] = await inBatches(members, 4, async (member) => ({ ...member, ...(await startConversation(stack.baseUrl, member)) }));
    console.log(`Signed up ${USERS} members and started a conversation each in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);

    const { requests, log } = trafficFor(users);
    const seconds = duration();
    const result = await autocannon({ url: stack.baseUrl, connections: USERS, duration: seconds, timeout: CLIENT_TIMEOUT_SECONDS, requests });
    if (!(await inFlight.drained())) throw new Error('requests were still running two minutes after the load stopped');
    return { result, log, stored: await countStored(log.acknowledged), seconds };
  } finally {
    await stack.stop();
    await fake.close();
  }
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Prints the figures and answers whether the run met its bar: no errors, nothing lost. */
export function printLoadFigures({ result, log, stored, seconds }: LoadFigures): boolean {
  console.log(`${USERS} signed-in members, one connection each, ${seconds} s (list conversations, open one, send a message to a fake provider)\n`);
  console.log(`  requests      ${result.requests.total} in ${result.duration.toFixed(1)} s: ${result.requests.average.toFixed(1)} req/s on average`);
  console.log(`  latency       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  for (const kind of REQUEST_KINDS) {
    const times = log.timings[kind];
    console.log(`    ${kind.padEnd(20)} ${String(times.length).padStart(6)} responses, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`);
  }
  console.log(`  errors        ${result.errors} connection errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx responses, ${log.streamErrors.length} replies ending in an error`);
  for (const [key, { count, sample }] of log.refused) console.log(`    ${key}: ${count}, e.g. ${sample}`);
  for (const message of new Set(log.streamErrors)) console.log(`    stream error: ${message}`);
  console.log(`  stored        sent ${stored.acknowledged}, stored ${stored.userMessages} user messages and ${stored.replies} replies`);
  for (const missing of stored.missing.slice(0, 10)) console.log(`    missing: ${missing}`);
  const ok = result.errors === 0 && result.non2xx === 0 && log.streamErrors.length === 0 && stored.missing.length === 0;
  console.log(`\n  ${ok ? 'PASS' : 'FAIL'}: ${ok ? 'no errors, every acknowledged message and reply stored' : 'errors or lost messages above'}`);
  return ok;
}

/** The `load` section of `npm run bench`: false when a request failed or an acknowledged message was lost. */
export async function runLoad(): Promise<boolean> {
  return printLoadFigures(await benchLoad());
}
