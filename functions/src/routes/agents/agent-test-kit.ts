import type { Agent } from '@meld/shared';
import type { ApiClient } from '../api-test-kit.ts';
import { memberWithRole } from '../roles/role-test-kit.ts';

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
