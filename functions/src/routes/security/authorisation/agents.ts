import { buildPath, routes, type Action, type Agent, type Prompt, type PromptGroup } from '@meld/shared';
import { putConversation } from '../../../store/conversation-store.ts';
import { multipart, png } from '../../files/file-test-kit.ts';
import { anyUser, ownedByUser, publicRoute, type MatrixEntries, type MatrixEntry, type MatrixRequest, type MatrixWorld } from './matrix.ts';
import { MATRIX_ENDPOINT, MATRIX_MODEL } from './matrix-model.ts';

/** Agents with their actions and tools, the code runner, plugins and the prompt library. */

/** A route on one of A's objects, reached by its id. */
const owned = (request: (world: MatrixWorld) => Promise<MatrixRequest>, ok = 200): MatrixEntry => ({ request, expect: ownedByUser(ok) });
/** A route on the caller's own library or settings: every member gets their own answer. */
const own = (request: MatrixRequest, ok = 200): MatrixEntry => ({ request: async () => request, expect: anyUser(ok) });

const ownerAgent = (world: MatrixWorld) => world.setup<Agent>('owner', 'POST', routes.createAgent.path, { name: 'Research helper', provider: MATRIX_ENDPOINT, model: MATRIX_MODEL });
const agentPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { id: (await ownerAgent(world)).id });

/** An action on a public API; saving it reads only the document sent, never the host. */
const actionBody = {
  metadata: {
    domain: 'api.example.com',
    raw_spec: JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Quotes', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/quotes': { get: { operationId: 'getQuote', summary: 'A quote' } } },
    }),
    auth: { type: 'none' },
  },
};

async function ownerAction(world: MatrixWorld): Promise<{ agentId: string; actionId: string }> {
  const agent = await ownerAgent(world);
  const saved = await world.setup<{ action: Action }>('owner', 'POST', buildPath(routes.saveAgentAction.path, { agentId: agent.id }), actionBody);
  return { agentId: agent.id, actionId: saved.action.action_id };
}

/** A conversation of A's, written to the store as the chat pipeline would. */
async function ownerConversation(world: MatrixWorld): Promise<string> {
  const conversationId = crypto.randomUUID();
  const at = new Date().toISOString();
  await putConversation(world.owner.userId, { conversationId, title: 'Numbers', user: world.owner.userId, isArchived: false, tags: [], endpoint: 'demo', createdAt: at, updatedAt: at });
  return conversationId;
}

const ownerPrompt = (world: MatrixWorld) =>
  world.setup<{ prompt: Prompt; group: PromptGroup }>('owner', 'POST', routes.createPrompt.path, { prompt: { prompt: 'Summarise {{topic}} for {{audience}}.', type: 'text' }, group: { name: 'Private summary' } });
const groupPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { groupId: (await ownerPrompt(world)).group.groupId });
const promptPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { promptId: (await ownerPrompt(world)).prompt.promptId });

export const agentsEntries: MatrixEntries = {
  // Agents.
  listAgents: own({ path: routes.listAgents.path }),
  createAgent: own({ path: routes.createAgent.path, json: { name: 'Planner', provider: MATRIX_ENDPOINT, model: MATRIX_MODEL } }),
  getAgent: owned(async (world) => ({ path: await agentPath(routes.getAgent.path)(world) })),
  updateAgent: owned(async (world) => ({ path: await agentPath(routes.updateAgent.path)(world), json: { name: 'Renamed helper' } })),
  deleteAgent: owned(async (world) => ({ path: await agentPath(routes.deleteAgent.path)(world) })),
  duplicateAgent: owned(async (world) => ({ path: await agentPath(routes.duplicateAgent.path)(world) })),
  uploadAgentAvatar: owned(async (world) => ({
    path: await agentPath(routes.uploadAgentAvatar.path)(world),
    ...(await multipart([{ name: 'avatar.png', type: 'image/png', data: png(64, 64, 7) }], { manual: 'true' })),
  })),
  agentsChat: owned(async (world) => ({ path: routes.agentsChat.path, json: { agent_id: (await ownerAgent(world)).id, conversationId: null, model: MATRIX_MODEL, text: 'Find me a quote' } })),

  // Actions.
  listAgentActions: own({ path: routes.listAgentActions.path }),
  saveAgentAction: owned(async (world) => ({ path: buildPath(routes.saveAgentAction.path, { agentId: (await ownerAgent(world)).id }), json: actionBody })),
  deleteAgentAction: owned(async (world) => ({ path: buildPath(routes.deleteAgentAction.path, await ownerAction(world)) })),
  // Signed in only; a forged ticket is refused for everyone (another member's real ticket: 403, in action-oauth.test.ts).
  startActionOAuth: {
    request: async (world) => ({ path: buildPath(routes.startActionOAuth.path, { actionId: (await ownerAction(world)).actionId }), json: { state: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' } }),
    expect: { anonymous: 401, owner: 400, otherUser: 400, mentorToken: 401, admin: 400 },
  },
  actionOAuthCallback: {
    request: async (world) => ({ path: buildPath(routes.actionOAuthCallback.path, { actionId: (await ownerAction(world)).actionId }), query: { code: 'good-code', state: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' } }),
    // The provider's browser redirect carries no session: the signed state is the credential, and a forged one is refused for everyone.
    expect: publicRoute(400),
  },

  // Tools, plugins and the code runner.
  listAgentTools: own({ path: routes.listAgentTools.path }),
  getToolAuth: own({ path: buildPath(routes.getToolAuth.path, { toolId: 'execute_code' }) }),
  listPlugins: own({ path: routes.listPlugins.path }),
  installPlugin: own({ path: routes.installPlugin.path, json: { pluginKey: 'execute_code', action: 'install' } }),
  callTool: owned(async (world) => ({
    path: buildPath(routes.callTool.path, { toolId: 'execute_code' }),
    json: { lang: 'js', code: 'console.log(6 * 7)', messageId: 'm1', conversationId: await ownerConversation(world) },
  })),
  listToolCalls: {
    request: async (world) => ({ path: routes.listToolCalls.path, query: { conversationId: await ownerConversation(world) } }),
    // The runs are read from the caller's own partition: with A's conversation id, B and the admin get their own runs there, none.
    expect: anyUser(200),
  },

  // Prompt library: another user's private group or version is not found.
  listPromptGroups: own({ path: routes.listPromptGroups.path }),
  listAllPromptGroups: own({ path: routes.listAllPromptGroups.path }),
  randomPromptGroups: own({ path: routes.randomPromptGroups.path }),
  listCategories: own({ path: routes.listCategories.path }),
  createPrompt: own({ path: routes.createPrompt.path, json: { prompt: { prompt: 'Plan my week around {{goal}}.', type: 'text' }, group: { name: 'Weekly plan' } } }),
  getPromptGroup: owned(async (world) => ({ path: await groupPath(routes.getPromptGroup.path)(world) })),
  updatePromptGroup: owned(async (world) => ({ path: await groupPath(routes.updatePromptGroup.path)(world), json: { name: 'Renamed summary' } })),
  deletePromptGroup: owned(async (world) => ({ path: await groupPath(routes.deletePromptGroup.path)(world) })),
  recordPromptUse: owned(async (world) => ({ path: await groupPath(routes.recordPromptUse.path)(world) })),
  listPrompts: owned(async (world) => ({ path: routes.listPrompts.path, query: { groupId: (await ownerPrompt(world)).group.groupId } })),
  getPrompt: owned(async (world) => ({ path: await promptPath(routes.getPrompt.path)(world) })),
  deletePrompt: owned(async (world) => ({ path: await promptPath(routes.deletePrompt.path)(world) })),
  setProductionPrompt: owned(async (world) => ({ path: await promptPath(routes.setProductionPrompt.path)(world) })),
  updatePromptLabels: owned(async (world) => ({ path: await promptPath(routes.updatePromptLabels.path)(world), json: { labels: ['draft'] } })),
};
