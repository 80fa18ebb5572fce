import { BUILTIN_AGENT_TOOLS, ERROR_CODES, type InstallPluginBody, type ToolAuthResponse, type ToolDefinition } from '@meld/shared';
import { seal } from '../../crypto/envelope.ts';
import { DomainError } from '../errors.ts';
import type { AgentDeps } from './agent-deps.ts';

/** A tool agents may use, before the user's state (`authenticated`) is known. */
export type ToolSource = Omit<ToolDefinition, 'authenticated'>;

/**
 * The tools built into Meld. The code runner is our own sandbox and file search reads the user's
 * own uploads, so neither needs a key: both are ready for everyone.
 */
export const BUILTIN_TOOLS: readonly ToolSource[] = [
  {
    name: 'Code runner',
    pluginKey: BUILTIN_AGENT_TOOLS.executeCode,
    description: 'Runs JavaScript and Python in a sandbox and returns what the code printed and the files it made.',
    icon: null,
    authConfig: [],
  },
  {
    name: 'File search',
    pluginKey: BUILTIN_AGENT_TOOLS.fileSearch,
    description: "Searches the text of the files attached to the conversation and returns the passages that match.",
    icon: null,
    authConfig: [],
  },
];

/** Sealed with the user's id and the plugin key: a value copied to another user or plugin does not open. */
export const pluginSealContext = (userId: string, pluginKey: string) => `plugin\n${userId}\n${pluginKey}`;

const unknownPlugin = (pluginKey: string) => new DomainError('not-found', ERROR_CODES.notFound, `There is no tool named "${pluginKey}"`);

/** `GET /api/plugins` and `GET /api/agents/tools`: every tool, ready when it needs no values or the user stored them. */
export async function listTools(userId: string, deps: Pick<AgentDeps, 'store'>, tools: readonly ToolSource[] = BUILTIN_TOOLS): Promise<ToolDefinition[]> {
  const needsValues = tools.some((tool) => tool.authConfig.length > 0);
  const installed = new Set(needsValues ? await deps.store.listUserPluginKeys(userId) : []);
  return tools.map((tool) => ({ ...tool, authenticated: tool.authConfig.length === 0 || installed.has(tool.pluginKey) }));
}

/** `GET /api/agents/tools/{toolId}/auth`. */
export async function toolAuth(userId: string, toolId: string, deps: Pick<AgentDeps, 'store'>, tools: readonly ToolSource[] = BUILTIN_TOOLS): Promise<ToolAuthResponse> {
  const tool = tools.find((candidate) => candidate.pluginKey === toolId);
  if (!tool) throw unknownPlugin(toolId);
  if (tool.authConfig.length === 0) return { authenticated: true, message: 'system_defined' };
  const stored = await deps.store.getUserPlugin(userId, toolId);
  return stored ? { authenticated: true, message: 'user_provided' } : { authenticated: false, message: `Enter ${tool.authConfig.map((field) => field.label).join(', ')} to use ${tool.name}` };
}

/**
 * `POST /api/user/plugins`: installing stores the plugin's values sealed (each one its field asks
 * for, all required); uninstalling forgets them. A tool that needs no values installs with none.
 */
export async function installPlugin(
  userId: string,
  body: InstallPluginBody,
  now: Date,
  deps: Pick<AgentDeps, 'store' | 'encryptionKeys'>,
  tools: readonly ToolSource[] = BUILTIN_TOOLS,
): Promise<{ pluginKey: string; installed: boolean }> {
  const tool = tools.find((candidate) => candidate.pluginKey === body.pluginKey);
  if (!tool) throw unknownPlugin(body.pluginKey);
  if (body.action === 'uninstall') {
    await deps.store.deleteUserPlugin(userId, tool.pluginKey);
    return { pluginKey: tool.pluginKey, installed: false };
  }
  const auth = body.auth ?? {};
  const extra = Object.keys(auth).find((field) => !tool.authConfig.some((wanted) => wanted.authField === field));
  if (extra !== undefined) throw new DomainError('invalid', ERROR_CODES.validation, `${tool.name} takes no value named "${extra}"`, `auth.${extra}`);
  const missing = tool.authConfig.find((field) => !auth[field.authField]?.trim());
  if (missing) throw new DomainError('invalid', ERROR_CODES.validation, `Enter ${missing.label}`, `auth.${missing.authField}`);
  const values: Record<string, ReturnType<typeof seal>> = {};
  if (tool.authConfig.length > 0) {
    const encryptionKeys = await deps.encryptionKeys();
    for (const field of tool.authConfig) values[field.authField] = seal(auth[field.authField]!.trim(), encryptionKeys, pluginSealContext(userId, tool.pluginKey));
  }
  await deps.store.putUserPlugin(userId, { pluginKey: tool.pluginKey, values, updatedAt: now.toISOString() });
  return { pluginKey: tool.pluginKey, installed: true };
}
