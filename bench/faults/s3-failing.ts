import type { Conversation, Message } from '@meld/shared';
import { getAppConfig } from '../../functions/src/config/app-config.ts';
import { seed } from '../../functions/src/local/seed.ts';
import { createClient, startTestStack } from '../../functions/src/local/test-stack.ts';
import { startFakeOpenAI } from '../../functions/src/providers/llm/__fakes__/openai-server.ts';
import { askStream } from '../../functions/src/routes/ask/ask-stream-client.ts';
import { askBodyFor, BENCH_SIGNUP_CODE, fakeEndpointConfig, finalEvent, signUp, type Member } from '../load/members.ts';
import { check, isClearError, printChecks, type Check } from './checks.ts';
import { startFaultProxy, type Fault } from './fault-proxy.ts';

/** S3's answer when a prefix gets more requests than it takes. */
const SLOW_DOWN: Fault = {
  status: 503,
  headers: { 'content-type': 'application/xml' },
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Over 300 KB in UTF-8 (two bytes a character), so the message body goes to S3. */
const LONG_TEXT = 'ü'.repeat(190_000);

async function upload(baseUrl: string, member: Member, name: string) {
  const form = new FormData();
  form.set('endpoint', 'openAI');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return createClient(baseUrl).request<{ files?: { file_id: string }[] }>('POST', '/api/files', { body, headers: { authorization: `Bearer ${member.token}`, 'content-type': request.headers.get('content-type')! } });
}

const listFiles = async (baseUrl: string, member: Member) =>
  (await createClient(baseUrl).request<{ filename: string }[]>('GET', '/api/files', { headers: { authorization: `Bearer ${member.token}` } })).json.map((f) => f.filename);

/** The long message and what the table then holds of it: the conversation it names, if any, and that message. */
async function sendLong(baseUrl: string, member: Member) {
  const ask = askBodyFor(LONG_TEXT, null);
  const reply = await askStream(baseUrl, '/api/ask/custom', member.token, ask);
  const events = reply.events.map((e) => e.event);
  const error = events.find((e) => e.type === 'error');
  const created = events.find((e) => e.type === 'created');
  const headers = { authorization: `Bearer ${member.token}` };
  const conversations = (await createClient(baseUrl).request<{ conversations: Conversation[] }>('GET', '/api/convos', { headers })).json.conversations;
  const conversationId = created?.type === 'created' ? created.conversationId : conversations[0]?.conversationId;
  const stored = conversationId ? await createClient(baseUrl).request<Message[]>('GET', `/api/messages/${conversationId}`, { headers }) : undefined;
  const message = stored?.status === 200 ? stored.json.find((m) => m.messageId === ask.messageId) : undefined;
  return { reply, error: error?.type === 'error' ? error.message : undefined, final: finalEvent(events), message, opened: stored?.status };
}

async function scenario(baseUrl: string, member: Member, failPuts: (on: boolean) => void): Promise<{ checks: Check[]; notes: string[] }> {
  failPuts(true);
  const refused = await upload(baseUrl, member, 'during-outage.pdf');
  const filesDuring = await listFiles(baseUrl, member);
  const longDuring = await sendLong(baseUrl, member);
  failPuts(false);
  const accepted = await upload(baseUrl, member, 'after-outage.pdf');
  const filesAfter = await listFiles(baseUrl, member);
  const longAfter = await sendLong(baseUrl, member);

  const longRefusedClearly = longDuring.reply.status === 200 ? Boolean(longDuring.error) : isClearError(longDuring.reply.status, longDuring.reply.text);
  return {
    notes: [
      `upload during the outage: ${refused.status} ${refused.text.slice(0, 160)}`,
      `long message during the outage: ${longDuring.reply.status} ${longDuring.error ?? longDuring.reply.text.slice(0, 160)}`,
    ],
    checks: [
      check('an upload while S3 fails is a clear error', isClearError(refused.status, refused.text), String(refused.status)),
      check('no dangling file record after the failed upload', !filesDuring.includes('during-outage.pdf'), `files listed: ${filesDuring.length}`),
      check('a message over 300 KB while S3 fails is a clear error', longRefusedClearly),
      check('nothing half-stored of that message', !longDuring.message || longDuring.message.text === LONG_TEXT, longDuring.message ? `stored with ${longDuring.message.text.length} characters` : 'not stored'),
      check('after the outage the upload works and is listed', (accepted.status === 201 || accepted.status === 200) && filesAfter.includes('after-outage.pdf'), String(accepted.status)),
      check('after the outage the long message is stored whole', Boolean(longAfter.final) && longAfter.message?.text === LONG_TEXT, `${longAfter.reply.status}, ${longAfter.message?.text.length ?? 0} characters stored`),
    ],
  };
}

/** Fault 3: S3 answers 503 SlowDown to every PUT for a while. */
export async function s3FailingOnUpload(): Promise<boolean> {
  const fake = await startFakeOpenAI({ intervalMs: 1 });
  const stack = await startTestStack({ env: { MELD_SIGNUP_CODES: BENCH_SIGNUP_CODE, POWERTOOLS_LOG_LEVEL: 'ERROR' }, config: fakeEndpointConfig(fake.url) });
  const proxy = await startFaultProxy(stack.services.s3Endpoint);
  try {
    await seed(getAppConfig(), process.env);
    process.env.MELD_S3_ENDPOINT = proxy.url;
    const member = await signUp(stack.baseUrl, 's3-fault');
    let failing = false;
    proxy.decide = (req) => (failing && req.method === 'PUT' ? SLOW_DOWN : undefined);
    const { checks, notes } = await scenario(stack.baseUrl, member, (on) => (failing = on));
    notes.push(`${proxy.failed} S3 PUTs answered 503 SlowDown`);
    return printChecks('3. S3 fails every PUT (503 SlowDown), then recovers', notes, checks);
  } finally {
    await stack.stop();
    await proxy.close();
    await fake.close();
  }
}
