import type { AskEvent, CoachMessage, CoachThread, Fragment, MentorFeedResponse, NorthStarResponse, SharedLink } from '@meld/shared';
import { ADMIN_MESSAGES } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/compass/local-time.ts';
import { coachReply } from '../../domain/north-star/__fixtures__/evidence.ts';
import { startFakeOpenAI } from '../../providers/llm/__fakes__/openai-server.ts';
import type { FakeServer } from '../../providers/llm/__fakes__/sse-server.ts';
import { bucketObjects, type BucketRole } from '../../store/blobs.ts';
import { keys } from '../../store/keys.ts';
import { table } from '../../store/table.ts';
import { inOneRateWindow, registerMember, startApi, type Api } from '../api-test-kit.ts';
import { askStream } from '../ask/ask-stream-client.ts';
import { entry, seedInteraction } from '../interactions/__fixtures__/days.ts';
import { signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

/**
 * The admin deletes a member who has one of everything, then the test walks the whole table and
 * both buckets: nothing may name the member's id or e-mail any more (decision 0017).
 */
let api: Api;
let fake: FakeServer;
let admin: AdminCall;

beforeAll(async () => {
  // One fake answers the chat, the coach, the North-Star narrative (the JSON it expects) and the speech engine.
  fake = await startFakeOpenAI({ reply: () => [JSON.stringify(coachReply())], transcript: 'Remember to thank Ana for the review' });
  api = await startApi({
    config: {
      endpoints: {
        demo: { enabled: true },
        openAI: { apiKey: 'sk-coach', baseURL: `${fake.url}/v1`, models: ['gpt-4o-mini'] },
        custom: [{ name: 'Gateway', apiKey: 'user_provided', baseURL: 'https://gateway.example.com/v1', models: ['llama'] }],
      },
      coach: { endpoint: 'openAI', model: 'gpt-4o-mini' },
      speech: { stt: { engine: 'openai', baseURL: `${fake.url}/v1`, apiKey: 'sk-stt', model: 'whisper-1' } },
      // The second wrong two-factor code is refused, so the member has a violation on record.
      rateLimits: { twoFactor: { max: 1, windowMinutes: 5 } },
    },
  });
  admin = await signUpAdmin(api.client());
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

const today = () => localDate(new Date(), 'UTC');
type Answer<T> = { status: number; json: T; setCookies: string[] };

async function member() {
  const client = api.client();
  const { token, body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': 'UTC' };
  const call = <T = unknown>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  const ask = (path: string, json: object) => askStream(api.baseUrl, path, token, json);
  return { client, token, userId, email: body.email, password: body.password, call, ask };
}
type Member = Awaited<ReturnType<typeof member>>;

const finalOf = (events: { event: AskEvent }[]) => events.map(({ event }) => event).find((event) => event.type === 'final') as Extract<AskEvent, { type: 'final' }> | undefined;

/** Through the API wherever it lets a member make it; past days' compass answers straight into the store. */
async function oneOfEverything(me: Member): Promise<{ refreshCookie: string; accessCode: string }> {
  const expectOk = (response: { status: number }, what: string) => expect(response.status, what).toBeLessThan(300);

  // A conversation whose first message is over 300 KB (its body goes to S3), tagged and shared.
  const chat = await me.ask('/api/ask/demo', { text: '€'.repeat(110_000), conversationId: null, model: 'meld-demo', endpoint: 'demo' });
  const conversationId = finalOf(chat.events)!.conversation.conversationId;
  expect(await bucketObjects('files').listKeys(`messages/${me.userId}/`)).not.toEqual([]);
  expectOk(await me.call('POST', '/api/tags', { tag: 'work', conversationId }), 'tag');
  const link = await me.call<SharedLink>('POST', `/api/share/${conversationId}`, {});
  expectOk(link, 'share');
  expect(await bucketObjects('files').listKeys(`shares/${link.json.shareId}.json`)).toHaveLength(1);
  expectOk(await me.call('POST', '/api/presets', { title: 'Mine', endpoint: 'demo', model: 'meld-demo' }), 'preset');
  expectOk(await me.call('PUT', '/api/keys', { name: 'Gateway', value: 'sk-mine', expiresAt: null }), 'user key');
  expectOk(await me.call('PATCH', '/api/user/settings', { fontSize: 'xl' }), 'settings');

  // Today's compass and, for the feed and the narrative, low-energy days before it.
  expectOk(await me.call('POST', '/api/interactions', { ...entry('mood', 70, today()), clientRequestId: 'compass-today-1' }), 'compass');
  for (let back = 1; back <= 5; back++) {
    await seedInteraction(me.userId, entry('energy', 20 + back, addDays(today(), -back)));
    await seedInteraction(me.userId, entry('note', `Prepare the board deck ${back}`, addDays(today(), -back)));
  }
  expectOk(await me.call('POST', '/api/wins', { title: 'Shipped the deck' }), 'win');
  const fragment = await me.call<Fragment>('POST', '/api/fragments', { content: 'Ana helped with the review' });
  expectOk(fragment, 'fragment');
  expectOk(await me.call('POST', '/api/fragments/weave', { fragmentIds: [fragment.json.id], title: 'Thanks', body: 'Ana helped.' }), 'woven reflection');
  const form = new FormData();
  form.set('audio', new Blob([Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2044, 7)])], { type: 'audio/webm' }), 'note.webm');
  form.set('duration_ms', '4000');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const voice = await me.client.request('POST', '/api/fragments/voice', {
    body: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${me.token}` },
  });
  expectOk(voice, 'voice note');
  const [recording] = await bucketObjects('audio').listKeys(`voice-notes/${me.userId}/`);
  // Where Amazon Transcribe (in AWS) leaves the transcript of that recording's job.
  await bucketObjects('audio').putText(`transcripts/${keys.transcriptionJob(recording!, '0a1b2c3d')}.json`, JSON.stringify({ results: { transcripts: [{ transcript: 'Remember Ana' }] } }));

  // A coach thread with a question and its reply, bookmarked; a North-Star version; a feed card read and a trigger muted.
  const thread = await me.call<CoachThread>('POST', '/api/coach/threads', { contextChips: [] });
  expectOk(thread, 'coach thread');
  expect((await me.ask(`/api/coach/threads/${thread.json.id}/ask`, { text: 'How did my week go?' })).status).toBe(200);
  const reply = (await me.call<{ messages: CoachMessage[] }>('GET', `/api/coach/threads/${thread.json.id}/messages`)).json.messages.find((message) => message.sender === 'ai');
  expectOk(await me.call('POST', `/api/coach/threads/${thread.json.id}/messages/${reply!.id}/bookmark`), 'bookmark');
  const northStar = await me.call<NorthStarResponse>('POST', '/api/north-star/regenerate');
  expectOk(northStar, 'north star');
  const cards = (await me.call<MentorFeedResponse>('GET', '/api/mentor-feed')).json.cards;
  expect(cards.length).toBeGreaterThan(0);
  expectOk(await me.call('PATCH', `/api/mentor-feed/cards/${cards[0]!.id}`, { action: 'read' }), 'feed card');
  expectOk(await me.call('PATCH', `/api/mentor-feed/cards/${cards[0]!.id}`, { action: 'mute-trigger' }), 'feed mute');

  // Made an admin for a while, the member creates a pilot access code.
  expectOk(await admin('PUT', `/api/user/${me.userId}/role`, { role: 'ADMIN' }), 'promotion');
  const code = await me.call<{ code: string }>('POST', '/api/admin/access-codes', {});
  expectOk(code, 'access code');

  // Two-factor set up but not confirmed, two wrong codes (the second is rate-limited: a violation), a second session.
  expectOk(await me.call('GET', '/api/auth/2fa/enable'), '2fa setup');
  inOneRateWindow(5);
  await me.call('POST', '/api/auth/2fa/confirm', { token: '000000' });
  expect((await me.call('POST', '/api/auth/2fa/confirm', { token: '000000' })).status).toBe(429);
  const login = await api.client().request('POST', '/api/auth/login', { json: { email: me.email, password: me.password } });
  expect(login.status).toBe(200);
  const refreshed = await me.client.request('POST', '/api/auth/refresh');
  expect(refreshed.status).toBe(200);
  return { accessCode: code.json.code, refreshCookie: refreshed.setCookies.find((value) => value.startsWith('meld_refresh='))!.split(';')[0]! };
}

/** Every item of the table (tests may scan; no request path does). */
const everyItem = () => table.scanAll<Record<string, unknown>>();

async function everyObject(): Promise<{ bucket: BucketRole; key: string; text: string }[]> {
  const found: { bucket: BucketRole; key: string; text: string }[] = [];
  for (const bucket of ['files', 'audio'] as const) {
    for (const key of await bucketObjects(bucket).listKeys('')) found.push({ bucket, key, text: await bucketObjects(bucket).getText(key) });
  }
  return found;
}

const naming = (text: string, me: { userId: string; email: string }) => text.includes(me.userId) || text.toLowerCase().includes(me.email.toLowerCase());

describe('DELETE /api/user/{id}', () => {
  it('leaves nothing of the member in the table or the buckets, and another member’s data untouched', async () => {
    const maya = await member();
    const other = await member();
    const { refreshCookie, accessCode } = await oneOfEverything(maya);
    await other.call('POST', '/api/fragments', { content: 'Mine, not Maya’s' });
    const before = await everyItem();
    const othersBefore = before.filter((item) => naming(JSON.stringify(item), other));
    const mayasBefore = before.filter((item) => naming(JSON.stringify(item), maya));
    // Sanity: the member really had one of everything, in and outside their partition.
    const kinds = new Set(mayasBefore.map((item) => String(item.pk).split('#')[0] + ' ' + String(item.sk).split('#')[0]));
    for (const kind of ['USER PROFILE', 'USER CONVO', 'USER MSG', 'USER TAG', 'USER SHARELINK', 'USER PRESET', 'USER USERKEY', 'USER SETTINGS', 'USER INTERACTION', 'USER WIN', 'USER FRAGMENT', 'USER WOVEN', 'USER COACH_THREAD', 'USER COACH_MSG', 'USER NORTH_STAR', 'USER FEED', 'USER TWO_FACTOR', 'USER SESSION', 'USER VIOLATION', 'SHARE SHARE', 'EMAIL EMAIL', 'RATE WINDOW', 'SIGNUP_CODE SIGNUP_CODE']) {
      expect(kinds, kind).toContain(kind);
    }
    const objects = (await everyObject()).filter((object) => naming(object.key, maya)).map((object) => object.key.split('/')[0]);
    expect(new Set(objects)).toEqual(new Set(['messages', 'voice-notes', 'transcripts']));

    const deleted = await admin<{ message: string }>('DELETE', `/api/user/${maya.userId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ message: ADMIN_MESSAGES.userDeleted });
    // Gone for everyone at once; the rest is the worker's, which leaves nothing either.
    expect((await api.client().request('POST', '/api/auth/login', { json: { email: maya.email, password: maya.password } })).status).toBe(401);
    await api.jobsSettled();

    const after = await everyItem();
    expect(after.filter((item) => naming(JSON.stringify(item), maya))).toEqual([]);
    for (const object of await everyObject()) expect(naming(`${object.key} ${object.text}`, maya), `${object.bucket}/${object.key}`).toBe(false);
    expect(after.filter((item) => naming(JSON.stringify(item), other))).toEqual(expect.arrayContaining(othersBefore));

    expect((await api.client().request('POST', '/api/auth/refresh', { headers: { cookie: refreshCookie } })).status).toBe(401);
    expect((await api.client().request('POST', '/api/auth/login', { json: { email: maya.email, password: maya.password } })).status).toBe(401);
    expect((await other.call('GET', '/api/user')).status).toBe(200);
    // The code the member created as an admin stays, with its history, naming no one.
    expect((await admin<{ code: string }[]>('GET', '/api/admin/access-codes')).json.map((listed) => listed.code)).toContain(accessCode);
    expect((await admin('GET', `/api/user/all?search=${encodeURIComponent(maya.email)}`)).json).toMatchObject({ users: [] });
  });

  it('refuses the admin’s own account and an unknown user', async () => {
    const self = (await admin<{ id: string }>('GET', '/api/user')).json.id;
    const own = await admin<{ message: string }>('DELETE', `/api/user/${self}`);
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(ADMIN_MESSAGES.ownAccount);
    expect((await admin('GET', '/api/user')).status).toBe(200);
    const unknown = await admin<{ message: string }>('DELETE', '/api/user/no-such-user');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(ADMIN_MESSAGES.userNotFound);
  });
});
