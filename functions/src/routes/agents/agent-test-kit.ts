import type { Agent, Role } from '@meld/shared';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { updateCredentials } from '../../store/user-store.ts';
import { registerMember, type ApiClient } from '../api-test-kit.ts';

type Answer<T> = { status: number; headers: Headers; text: string; json: T & { message?: string; code?: string; field?: string } };

/** A member given `role` in the store and signed in again, so the token carries it (permission checks read the token's role). */
async function memberWithRole(client: ApiClient, role: Role) {
  const { body, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  await updateCredentials(userId, { role, passwordHash: await hashPassword(body.password), updatedAt: new Date().toISOString() });
  const login = await client.request<{ token: string }>('POST', '/api/auth/login', { json: { email: body.email, password: body.password } });
  if (login.status !== 200) throw new Error(`Login failed: ${login.status} ${login.text}`);
  const token = login.json.token;
  const headers = { authorization: `Bearer ${token}` };
  const call = <T = unknown>(method: string, path: string, json?: unknown): Promise<Answer<T>> => client.request(method, path, { headers, ...(json === undefined ? {} : { json }) });
  return { userId, token, call };
}

/** An endpoint agents can use (its adapter calls tools) beside the demo one (which cannot). */
export const AGENT_TEST_CONFIG = {
  endpoints: { demo: { enabled: true }, openAI: { apiKey: 'sk-agents', models: ['gpt-4o-mini'] } },
};

export const agentBody = (overrides: Record<string, unknown> = {}) => ({ name: 'Research helper', provider: 'openAI', model: 'gpt-4o-mini', ...overrides });

export type AgentMember = Awaited<ReturnType<typeof agentMember>>;

/** A signed-in member (USER unless told) with a helper that creates an agent and fails loudly otherwise. */
export async function agentMember(client: ApiClient, role: 'USER' | 'ADMIN' = 'USER') {
  const member = await memberWithRole(client, role);
  return {
    ...member,
    async createAgent(overrides: Record<string, unknown> = {}): Promise<Agent> {
      const response = await member.call<Agent>('POST', '/api/agents', agentBody(overrides));
      if (response.status !== 200) throw new Error(`Creating an agent failed: ${response.status} ${JSON.stringify(response.json)}`);
      return response.json;
    },
  };
}
