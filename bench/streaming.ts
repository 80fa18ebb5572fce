import { request } from 'node:http';
import { getAppConfig } from '../functions/src/config/app-config.ts';
import { seed } from '../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../functions/src/providers/llm/__fakes__/openai-server.ts';
import { askStream } from '../functions/src/routes/ask/ask-stream-client.ts';
import { keys } from '../functions/src/store/keys.ts';
import { table } from '../functions/src/store/table.ts';

/**
 * Streaming overhead: a local OpenAI-compatible fake emits a token every 20 ms; the time to the
 * first token read straight from it is compared with the time to the first delta through the
 * whole path (gateway, handler kit, chat route, adapter, SSE back out).
 */
const TOKENS = 100;
const INTERVAL_MS = 20;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from sending the request to the first chunk that carries a token. */
function directFirstToken(baseUrl: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  const body = JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'hi' }] });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let done = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!done && /"content":"[^"]+"/.test(chunk)) {
          done = true;
          resolve(performance.now() - started);
        }
      });
      res.on('end', () => !done && reject(new Error('no token arrived')));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface StreamingFigures {
  directFirstTokenMs: number;
  gatewayFirstTokenMs: number;
  tokensPerSecond: number;
  deltas: number;
  /** Checkpoint items (PutItem, decision 0039) one reply wrote, and the seconds it streamed. */
  checkpointsPerReply: number;
  replySeconds: number;
}

/** The checkpoint items a reply left in its conversation (they wait for their TTL). */
async function checkpointCount(userId: string, conversationId: string): Promise<number> {
  const items = await table.queryAll({
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.replyChunkPrefix(conversationId) },
    ProjectionExpression: 'pk',
  });
  return items.length;
}

export async function benchStreaming(): Promise<StreamingFigures> {
  const fake = await startFakeOpenAI({ tokens: Array.from({ length: TOKENS }, (_, i) => ` token${i}`), intervalMs: INTERVAL_MS });
  const stack = await startTestStack({
    env: { MELD_SIGNUP_CODES: 'PILOT-BENCH', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    config: { endpoints: { demo: { enabled: false }, custom: [{ name: 'Fake', apiKey: 'fake-key', baseURL: `${fake.url}/v1`, models: ['fake-model'] }] } },
  });
  try {
    await seed(getAppConfig(), process.env);
    const registered = await createClient(stack.baseUrl).request('POST', '/api/auth/register', {
      json: { name: 'Stream Bench', email: `stream.${Date.now()}@example.com`, password: 'benchmark-pass', confirm_password: 'benchmark-pass', signup_code: 'PILOT-BENCH', whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
    });
    const { token, user } = registered.json as { token: string; user: { id: string } };

    const direct: number[] = [];
    const gateway: number[] = [];
    const rates: number[] = [];
    let deltas = 0;
    const checkpoints: number[] = [];
    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      direct.push(await directFirstToken(fake.url));
      const reply = await askStream(stack.baseUrl, '/api/ask/custom', token, { text: 'Tell me something.', conversationId: null, model: 'fake-model', endpointName: 'Fake' });
      const stamps = reply.events.filter((e) => e.event.type === 'delta').map((e) => e.at);
      if (stamps.length === 0) throw new Error(`no deltas streamed: ${reply.status} ${reply.text.slice(0, 200)}`);
      gateway.push(stamps[0]!);
      deltas = stamps.length;
      rates.push((stamps.length - 1) / ((stamps.at(-1)! - stamps[0]!) / 1000));
      const created = reply.events.find((e) => e.event.type === 'created')?.event;
      if (created?.type === 'created') checkpoints.push(await checkpointCount(user.id, created.conversationId));
      seconds.push((stamps.at(-1)! - stamps[0]!) / 1000);
    }
    return { directFirstTokenMs: median(direct), gatewayFirstTokenMs: median(gateway), tokensPerSecond: median(rates), deltas, checkpointsPerReply: median(checkpoints), replySeconds: median(seconds) };
  } finally {
    await stack.stop();
    await fake.close();
  }
}

export function printStreamingFigures(f: StreamingFigures): void {
  console.log(`\nStreaming (fake OpenAI-compatible provider, a token every ${INTERVAL_MS} ms, ${TOKENS} tokens; median of ${RUNS})\n`);
  console.log(`  first token, straight from the provider   ${f.directFirstTokenMs.toFixed(1)} ms`);
  console.log(`  first token, through the local gateway    ${f.gatewayFirstTokenMs.toFixed(1)} ms (includes saving the user message)`);
  console.log(`  overhead                                  ${(f.gatewayFirstTokenMs - f.directFirstTokenMs).toFixed(1)} ms, ratio ${(f.gatewayFirstTokenMs / f.directFirstTokenMs).toFixed(2)}`);
  console.log(`  delivered                                 ${f.deltas} deltas at ${f.tokensPerSecond.toFixed(1)} tokens/s (provider pace ${(1000 / INTERVAL_MS).toFixed(0)}/s)`);
  console.log(`  progress checkpoints (decision 0039)      ${f.checkpointsPerReply} PutItems for a ${f.replySeconds.toFixed(1)} s reply (one on the first token, then at most one a second)`);
}
