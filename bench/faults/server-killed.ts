import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Message } from '@meld/shared';
import { createClient } from '../../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { askStream } from '../../functions/src/routes/ask/ask-stream-client.ts';
import { askBodyFor, BENCH_SIGNUP_CODE, fakeEndpointConfig, finalEvent, signUp, type Member } from '../load/members.ts';
import { check, printChecks, type Check } from './checks.ts';
import { startLocalApp, type LocalApp } from './local-app.ts';

/** Writes go on until the kill; this many fragments at most. */
const FRAGMENTS = 400;
/** A write starts every PACE_MS: a fragment each time, a message every other time. */
const PACE_MS = 40;
/** The kill comes once this many of each were acknowledged, with later ones still in flight. */
const KILL_AFTER = { fragments: 20, messages: 5 };
const REPO_CONFIG = fileURLToPath(new URL('../../meld.config.json', import.meta.url));

const fragmentText = (i: number) => `Written while the server died, number ${i}.`;
const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });

/**
 * Fragments and messages started one every few milliseconds, so writes are always in flight; the
 * app is SIGKILLed once enough of both were acknowledged. Answers what was acknowledged.
 */
async function writeUntilKilled(app: LocalApp, member: Member) {
  const acknowledged = { fragments: [] as number[], messages: [] as { messageId: string; replyId: string; conversationId: string }[] };
  let killed: Promise<void> | undefined;
  const killSoon = () => (killed ??= app.kill());
  const maybeKill = () => {
    if (acknowledged.fragments.length >= KILL_AFTER.fragments && acknowledged.messages.length >= KILL_AFTER.messages) void killSoon();
  };
  const writeFragment = (i: number) =>
    createClient(app.baseUrl)
      .request('POST', '/api/fragments', { headers: auth(member), json: { content: fragmentText(i), clientRequestId: randomUUID() } })
      .then((r) => r.status === 201 && acknowledged.fragments.push(i) && maybeKill(), () => undefined);
  const sendMessage = (i: number) => {
    const ask = askBodyFor(`Question ${i} before the crash`, null);
    // The final event acknowledges the exchange (the title may follow it).
    return askStream(app.baseUrl, '/api/ask/custom', member.token, ask, (event) => {
      if (event.type !== 'final') return;
      acknowledged.messages.push({ messageId: ask.messageId, replyId: event.responseMessage.messageId, conversationId: event.conversation.conversationId });
      maybeKill();
    }).catch(() => undefined);
  };
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < FRAGMENTS && !killed; i++) {
    writes.push(writeFragment(i));
    if (i % 2 === 0) writes.push(sendMessage(i));
    await delay(PACE_MS);
  }
  const inFlightAtKill = Boolean(killed);
  await Promise.all(writes);
  await killSoon();
  return { ...acknowledged, inFlightAtKill };
}

async function afterRestart(app: LocalApp, member: Member, written: Awaited<ReturnType<typeof writeUntilKilled>>): Promise<Check[]> {
  const client = createClient(app.baseUrl);
  const contents = new Set<string>();
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: { json: { fragments: { content: string }[]; nextCursor: string | null } } = await client.request('GET', `/api/fragments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: auth(member) });
    for (const fragment of page.json.fragments) contents.add(fragment.content);
    cursor = page.json.nextCursor;
  }
  const lostFragments = written.fragments.filter((i) => !contents.has(fragmentText(i)));
  const lostMessages: string[] = [];
  for (const m of written.messages) {
    const opened = await client.request<Message[]>('GET', `/api/messages/${m.conversationId}`, { headers: auth(member) });
    const ids = new Set(opened.status === 200 ? opened.json.map((message) => message.messageId) : []);
    if (!ids.has(m.messageId) || !ids.has(m.replyId)) lostMessages.push(m.conversationId);
  }
  const convos = await client.request('GET', '/api/convos', { headers: auth(member) });
  const fresh = await client.request('POST', '/api/fragments', { headers: auth(member), json: { content: 'Written after the restart.' } });
  const reply = await askStream(app.baseUrl, '/api/ask/custom', member.token, askBodyFor('Are you back?', null));
  return [
    check('every acknowledged fragment is there', lostFragments.length === 0, `${written.fragments.length} acknowledged, ${lostFragments.length} lost`),
    check('every acknowledged message and its reply are there', lostMessages.length === 0, `${written.messages.length} acknowledged, ${lostMessages.length} incomplete`),
    check('conversations list, including any cut short', convos.status === 200, String(convos.status)),
    check('the app serves normally: a new fragment and a new reply', fresh.status === 201 && Boolean(finalEvent(reply.events.map((e) => e.event))), `${fresh.status}, reply ${reply.status}`),
  ];
}

/** Fault 4: the local server is killed (SIGKILL) in the middle of many writes, then restarted on the same data. */
export async function serverKilledMidWrite(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'meld-killed-'));
  const fake = await startFakeOpenAI({ intervalMs: 40 });
  const unlimited = { max: 100_000, windowMinutes: 1 };
  const config = { ...JSON.parse(await readFile(REPO_CONFIG, 'utf8')), ...fakeEndpointConfig(fake.url), rateLimits: { register: unlimited, messages: unlimited, messagesPerIp: unlimited }, concurrentMessages: { max: 100 } };
  const configFile = join(dataDir, 'bench.config.json');
  await writeFile(configFile, JSON.stringify(config));
  const env = { MELD_CONFIG_FILE: configFile, MELD_SIGNUP_CODES: BENCH_SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' };
  let app: LocalApp | undefined;
  try {
    app = await startLocalApp(dataDir, env);
    const member = await signUp(app.baseUrl, 'killed');
    const written = await writeUntilKilled(app, member);
    const title = '4. The local server is killed mid-write and restarted';
    const notes = [
      `SIGKILL with writes in flight (${written.inFlightAtKill ? 'yes' : 'NO: every write had finished'}), after ${written.fragments.length} fragments and ${written.messages.length} messages were acknowledged; restarted on the same data dir`,
    ];
    const restarted = await startLocalApp(dataDir, env).catch((error: Error) => error);
    const reopened = check('the data dir opens again and its lock is taken over', !(restarted instanceof Error), restarted instanceof Error ? restarted.message.slice(0, 500) : 'the restarted app answered /health');
    if (restarted instanceof Error) return printChecks(title, notes, [reopened]);
    app = restarted;
    return printChecks(title, notes, [reopened, ...(await afterRestart(app, member, written))]);
  } finally {
    await app?.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
