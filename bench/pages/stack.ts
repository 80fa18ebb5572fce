import { getAppConfig } from '../../functions/src/config/app-config.ts';
import { seed } from '../../functions/src/local/seed.ts';
import { createClient, startTestStack, type TestClient } from '../../functions/src/local/test-stack.ts';
import { putConversations } from '../../functions/src/store/conversation-store.ts';
import { putMessages } from '../../functions/src/store/message-store.ts';
import { benchConversationId, CONVERSATIONS, MESSAGES, conversationsFor, longConversation } from '../conversations.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** The running app with a member who has used it for a year, an admin, and a mentor's invitation. */
export interface PagesStack {
  baseUrl: string;
  member: Credentials;
  admin: Credentials;
  ids: { longConversation: string; shortConversation: string; share: string; interview: string };
  stop: () => Promise<void>;
}

const SIGNUP_CODE = 'PILOT-BENCH';
const SHORT_MESSAGES = 20;

// The seeding reads a field or two from each answer; the route table's schemas check them server-side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(client: TestClient, method: string, path: string, token: string | undefined, json?: unknown): Promise<any> {
  const response = await client.request(method, path, { json, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

/**
 * Starts the API and the built web app (web/dist, or `webDistDir`) in this process on in-memory
 * storage, and gives the member 5,000 conversations (one of 2,000 messages, one shared), fragments and wins.
 */
export async function startPagesStack(options: { webDistDir?: string } = {}): Promise<PagesStack> {
  const admin = { email: 'admin.bench@example.com', password: 'patient-admin-pass-1' };
  const stack = await startTestStack({
    env: { MELD_SIGNUP_CODES: SIGNUP_CODE, MELD_ADMIN_EMAIL: admin.email, MELD_ADMIN_PASSWORD: admin.password, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    webDistDir: options.webDistDir,
  });
  try {
    await seed(getAppConfig(), process.env);
    const client = createClient(stack.baseUrl);
    const member = { email: `pages.${Date.now()}@example.com`, password: 'benchmark-pass' };
    const registered = await call(client, 'POST', '/api/auth/register', undefined, {
      name: 'Bench Member', ...member, confirm_password: member.password, signup_code: SIGNUP_CODE,
      whyHere: 'goal', lifeArena: 'career', identitySegment: 'stem', currentBlock: 'time',
    });
    const { token, user } = registered as { token: string; user: { id: string } };

    // The newest conversation is the long one, so the sidebar opens on it.
    await putConversations(user.id, conversationsFor(user.id, CONVERSATIONS));
    const longId = benchConversationId(user.id, CONVERSATIONS - 1);
    const shortId = benchConversationId(user.id, CONVERSATIONS - 2);
    await putMessages(user.id, longConversation(longId, MESSAGES));
    await putMessages(user.id, longConversation(shortId, SHORT_MESSAGES));
    const share = (await call(client, 'POST', `/api/share/${shortId}`, token, {})).shareId as string;
    for (let i = 0; i < 30; i++) {
      await call(client, 'POST', '/api/fragments', token, { content: `Noticed ${i}: the best feedback is specific and kind.` });
      await call(client, 'POST', '/api/wins', token, { title: `Win ${i}`, description: 'Everyone left with one clear priority.' });
    }

    const adminToken = (await call(client, 'POST', '/api/auth/login', undefined, admin)).token as string;
    await call(client, 'POST', '/api/mentor-interest', undefined, { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@example.com`, jobTitle: 'Rear Admiral', company: 'US Navy' });
    const [mentor] = await call(client, 'GET', '/api/mentor-interest', adminToken);
    const interview = (await call(client, 'POST', `/api/mentor-interest/${mentor._id}/generate-token`, adminToken)).accessToken as string;

    return { baseUrl: stack.baseUrl, member, admin, ids: { longConversation: longId, shortConversation: shortId, share, interview }, stop: () => stack.stop() };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
