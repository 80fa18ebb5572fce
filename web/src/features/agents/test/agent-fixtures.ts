import type { Agent, PermissionType, ToolDefinition } from '@meld/shared';
import { defaultPermissions } from '@meld/shared';
import { when } from '@/test/mock-api.ts';

export function testAgent(overrides: Partial<Agent> = {}): Agent {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: 'agent_tutor123',
    name: 'Maths tutor',
    description: 'Works problems through with code',
    instructions: 'Explain step by step.',
    provider: 'openAI',
    model: 'gpt-4o-mini',
    model_parameters: {},
    tools: ['execute_code'],
    actions: [],
    conversation_starters: ['Plot y = x²'],
    artifacts: '',
    isCollaborative: false,
    recursion_limit: 25,
    projectIds: [],
    avatar: null,
    author: 'u1',
    authorName: 'Ada Lovelace',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const agentTools: ToolDefinition[] = [
  { name: 'Code runner', pluginKey: 'execute_code', description: 'Runs JavaScript and Python in a sandbox.', icon: null, authConfig: [], authenticated: true },
  { name: 'File search', pluginKey: 'file_search', description: 'Searches the attached files.', icon: null, authConfig: [], authenticated: true },
];

/** A tool-capable endpoint beside the offline demo, as a configured server lists them. */
export const builderEndpoints = {
  demo: { type: 'demo', label: 'Demo', order: 0, userProvide: false, demo: true },
  openAI: { type: 'openAI', label: 'OpenAI', order: 1, userProvide: false, demo: false },
};
export const builderModels = { demo: ['meld-demo'], openAI: ['gpt-4o-mini', 'gpt-4o'] };

/** GET /api/roles/USER with the agents permissions given (the rest are the spec's defaults). */
export function userRole(agents: Partial<Record<PermissionType, boolean>>) {
  const permissions = defaultPermissions('USER');
  permissions.AGENTS = { ...permissions.AGENTS, ...agents };
  return { getRole: when({ role: 'USER' }, { name: 'USER' as const, permissions }) };
}
