import { BUILTIN_AGENT_TOOLS, type Agent, type Role } from '@meld/shared';
import { agentTools } from '../../domain/agents/agent-tools.ts';
import { loadAgent } from '../../domain/agents/agents.ts';
import type { AgentRun } from '../../domain/agents/run-agent.ts';
import type { AgentTool } from '../../domain/agents/tools/agent-tool.ts';
import { executeCodeTool } from '../../domain/agents/tools/execute-code.ts';
import { fileSearchTool } from '../../domain/agents/tools/file-search.ts';
import type { Turn } from '../../domain/chat/start-turn.ts';
import { hasPermission } from '../../domain/roles/permissions.ts';
import { getAppConfig } from '../../config/app-config.ts';
import type { RequestOf } from '../../http/handler.ts';
import type { StreamReply } from '../../http/streaming-handler.ts';
import { logger } from '../../http/logger.ts';
import { getAllMessages } from '../../store/message-store.ts';
import { recordViolation } from '../../store/violation-store.ts';
import { startTurnDeps } from '../ask/ask-deps.ts';
import { runChat } from '../ask/run-ask.ts';
import { actionLimits, agentDeps } from './agent-deps.ts';
import { agentEndpointKind, loadAgentProvider } from './agent-provider.ts';
import { agentTurnBody } from './agent-turn.ts';

const BUILTIN_TOOLS: Record<string, AgentTool> = {
  [BUILTIN_AGENT_TOOLS.executeCode]: executeCodeTool,
  [BUILTIN_AGENT_TOOLS.fileSearch]: fileSearchTool(startTurnDeps.files),
};

/** The files attached anywhere in the conversation (the new message's included): what file search reads. */
async function conversationFileIds(userId: string, conversationId: string): Promise<string[]> {
  const messages = await getAllMessages(userId, conversationId);
  return [...new Set(messages.flatMap((message) => (message.files ?? []).map((file) => file.file_id)))];
}

/**
 * The code tool follows the Run button's rules (decision 0025): with code runs turned off, or for a
 * role without RUN_CODE/USE, the model is not offered it.
 */
async function mayRunCode(role: Role): Promise<boolean> {
  return getAppConfig().interface.runCode && (await hasPermission(role, 'RUN_CODE', 'USE'));
}

async function agentRun(agent: Agent, role: Role, turn: Turn, now: Date): Promise<AgentRun> {
  const limits = getAppConfig().agents;
  const names = agent.tools.includes(BUILTIN_AGENT_TOOLS.executeCode) && !(await mayRunCode(role)) ? agent.tools.filter((name) => name !== BUILTIN_AGENT_TOOLS.executeCode) : agent.tools;
  const tools = [...names.flatMap((name) => BUILTIN_TOOLS[name] ?? []), ...(await agentTools(agent, agentDeps, actionLimits()))];
  const searchesFiles = tools.some((tool) => tool.name === BUILTIN_AGENT_TOOLS.fileSearch);
  const { userId } = turn;
  const conversationId = turn.conversation.conversationId;
  return {
    agentId: agent.id,
    tools,
    recursionLimit: Math.min(agent.recursion_limit || limits.recursionLimit, limits.maxRecursionLimit),
    context: { userId, conversationId, messageId: turn.responseMessageId, fileIds: searchesFiles ? await conversationFileIds(userId, conversationId) : [], now },
    // Recorded for the admin's view, but not charged toward a ban (not chargeRefusal): the limit is
    // the agent's author's setting (as low as 1) and reaching it is the model's doing, so a member
    // whose message made the model call a tool would be banned for someone else's behaviour, and a
    // shared agent's author could have every user of it banned (decision 0011). The reply is saved
    // with its error either way; a failed record is only logged.
    onLimit: () =>
      recordViolation(userId, 'tool_call_limit', { agentId: agent.id, conversationId }, new Date()).catch((error: unknown) => logger.error('Recording a tool call limit failed', { error })),
  };
}

/**
 * `POST /api/agents/chat`: the agent (the user's own or a shared one; needs AGENTS/USE) answers
 * through the one chat pipeline, with its provider, model, parameters and instructions, running
 * its tools in a loop. The conversation is kept under the `agents` endpoint with the agent's id.
 */
export async function runAgentChat(request: RequestOf<'agentsChat'>): Promise<StreamReply> {
  const { body, auth, now } = request;
  // A banned caller learns nothing about the agent it names: the kit refused it already (the
  // route table's refuseBannedAddress).
  const agent = await loadAgent(auth.userId, auth.role, body.agent_id, agentDeps);
  const config = getAppConfig().endpoints;
  const kind = agentEndpointKind(config, agent.provider);
  return runChat(
    { ...request, body: agentTurnBody(body, agent) },
    {
      kind,
      endpointName: agent.provider,
      provider: (options) => loadAgentProvider(config, kind, agent.provider, options),
      stored: { endpoint: 'agents', endpointType: null },
      agent: (turn) => agentRun(agent, auth.role, turn, now),
    },
  );
}
