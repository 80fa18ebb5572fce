import type { Agent, Role } from '@meld/shared';
import { replaceAvatar, type AvatarDeps } from '../files/avatar.ts';
import type { AgentDeps } from './agent-deps.ts';
import { editableAgent, saveAgent } from './agents.ts';

/**
 * An agent's picture, kept like a profile picture (decision 0020) in its author's avatar folder:
 * saved, then the agent pointed at it, then the picture it replaced deleted.
 */
export async function setAgentAvatar(
  userId: string,
  role: Role,
  agentId: string,
  data: Uint8Array,
  maxBytes: number,
  now: Date,
  deps: AgentDeps,
  avatarDeps: Omit<AvatarDeps, 'setAvatar'>,
): Promise<Agent> {
  const agent = await editableAgent(userId, role, agentId, deps);
  let saved = agent;
  await replaceAvatar(agent.author, data, maxBytes, {
    ...avatarDeps,
    setAvatar: async (_author, url) => {
      saved = await saveAgent(agent, { ...agent, avatar: url, updatedAt: now.toISOString() }, deps);
      return { previous: agent.avatar };
    },
  });
  return saved;
}
