import { randomUUID } from 'node:crypto';
import { NO_PARENT, type AskEvent, type Message } from '@meld/shared';
import { getJwtKeys } from '../../functions/src/config/secrets.ts';
import { hashPassword } from '../../functions/src/domain/auth/passwords.ts';
import { startSession } from '../../functions/src/domain/auth/sessions.ts';
import { newId } from '../../functions/src/domain/auth/tokens.ts';
import { createClient } from '../../functions/src/local/test-stack.ts';
import { askStream } from '../../functions/src/routes/ask/ask-stream-client.ts';
import * as sessions from '../../functions/src/store/session-store.ts';
import { createUser } from '../../functions/src/store/user-store.ts';

/** The pilot code the load and fault benches seed; register needs one. */
export const BENCH_SIGNUP_CODE = 'PILOT-BENCH';
/** The custom endpoint the benches configure in front of the fake OpenAI-compatible server. */
export const FAKE_ENDPOINT = { name: 'Fake', model: 'fake-model' } as const;

/** The stack's config for a custom endpoint answering from `fakeUrl`, the demo one switched off. */
export const fakeEndpointConfig = (fakeUrl: string) => ({
  endpoints: { demo: { enabled: false }, custom: [{ name: FAKE_ENDPOINT.name, apiKey: 'fake-key', baseURL: `${fakeUrl}/v1`, models: [FAKE_ENDPOINT.model] }] },
});

export interface Member {
  userId: string;
  token: string;
  email: string;
  password: string;
}

/** Signs up through POST /api/auth/register, as a person would. */
export async function signUp(baseUrl: string, label: string): Promise<Member> {
  const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'benchmark-pass';
  const response = await createClient(baseUrl).request<{ token: string; user: { id: string } }>('POST', '/api/auth/register', {
    json: { name: `Bench ${label}`, email, password, confirm_password: password, signup_code: BENCH_SIGNUP_CODE, whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text.slice(0, 200)}`);
  return { userId: response.json.user.id, token: response.json.token, email, password };
}

/**
 * Many signed-in members: the first signs up through the API, the rest are written as sign-up
 * writes them and given a session as sign-up starts one. Their passwords share one bcrypt hash:
 * 200 hashes at sign-up's cost take minutes of CPU the load figures should not wait for.
 */
export async function signUpMany(baseUrl: string, label: string, count: number): Promise<Member[]> {
  const first = await signUp(baseUrl, `${label}0`);
  const password = first.password;
  const passwordHash = await hashPassword(password);
  const jwtKeys = await getJwtKeys();
  const rest = await inBatches(Array.from({ length: count - 1 }, (_, i) => i + 1), 8, async (i) => {
    const now = new Date();
    const email = `${label}${i}.${randomUUID().slice(0, 8)}@example.com`;
    const user = {
      id: newId(), name: `Bench ${label}${i}`, username: email.split('@')[0]!, email, passwordHash, role: 'USER' as const, provider: 'local' as const,
      emailVerified: true, twoFactorEnabled: false, termsAccepted: true, avatar: null,
      profile: { whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time' },
      signupCode: BENCH_SIGNUP_CODE, createdAt: now.toISOString(), updatedAt: now.toISOString(), lastLogin: null,
    };
    await createUser(user);
    const session = await startSession(user, { sessions, jwtKeys, now });
    return { userId: user.id, token: session.accessToken, email, password };
  });
  return [first, ...rest];
}

/** The body of a chat turn to the fake endpoint, with a client-made message id so the bench can find it later. */
export function askBodyFor(text: string, conversationId: string | null, parentMessageId: string = NO_PARENT) {
  return { text, conversationId, parentMessageId, messageId: randomUUID(), model: FAKE_ENDPOINT.model, endpointName: FAKE_ENDPOINT.name };
}

/** The final event of a streamed reply, when the reply finished. */
export function finalEvent(events: AskEvent[]): { conversationId: string; requestMessage: Message; responseMessage: Message } | undefined {
  const final = events.find((event) => event.type === 'final');
  return final ? { conversationId: final.conversation.conversationId, requestMessage: final.requestMessage, responseMessage: final.responseMessage } : undefined;
}

/** Starts a conversation with one exchange; answers its id and the reply's, to continue from. */
export async function startConversation(baseUrl: string, member: Member, text = 'Hello, let us begin.'): Promise<{ conversationId: string; replyId: string }> {
  const reply = await askStream(baseUrl, '/api/ask/custom', member.token, askBodyFor(text, null));
  const final = finalEvent(reply.events.map((e) => e.event));
  if (reply.status !== 200 || !final) throw new Error(`first exchange failed: ${reply.status} ${reply.text.slice(0, 300)}`);
  return { conversationId: final.conversationId, replyId: final.responseMessage.messageId };
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failed) {
      const index = next++;
      results[index] = await work(items[index]!, index).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  });
  // Every lane settles before a failure is reported, so nothing still runs against a stack being stopped.
  const failure = (await Promise.allSettled(lanes)).find((lane) => lane.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
