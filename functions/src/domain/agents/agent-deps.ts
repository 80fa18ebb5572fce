import type { Agent, PermissionFeature, PermissionType, Role } from '@meld/shared';
import type { EncryptionKey } from '../../crypto/envelope.ts';
import type { SigningKeys } from '../auth/signing-keys.ts';
import type { AvailableEndpoint } from '../../providers/llm/endpoints.ts';
import type { AgentPage, StoredAction, StoredActionToken, StoredPlugin } from '../../store/agent-store.ts';

/** The agents domain's collaborators: storage, the role table, the configured endpoints and the sealing keys. */
export interface AgentDeps {
  store: {
    createAgentItem(agent: Agent): Promise<boolean>;
    replaceAgent(agent: Agent, previousUpdatedAt: string): Promise<boolean>;
    getOwnAgent(userId: string, agentId: string): Promise<Agent | undefined>;
    getSharedAgent(agentId: string): Promise<Agent | undefined>;
    deleteAgentItem(userId: string, agentId: string): Promise<boolean>;
    pageAgents(
      list: { kind: 'own'; userId: string } | { kind: 'global'; excludeAuthor: string },
      limit: number,
      startKey: Record<string, unknown> | undefined,
      search: string | undefined,
    ): Promise<AgentPage>;
    putAction(userId: string, action: StoredAction): Promise<void>;
    getAction(userId: string, agentId: string, actionId: string): Promise<StoredAction | undefined>;
    listActions(userId: string, agentId?: string): Promise<StoredAction[]>;
    deleteAction(userId: string, agentId: string, actionId: string): Promise<boolean>;
    deleteActions(userId: string, actions: readonly StoredAction[]): Promise<void>;
    putUserPlugin(userId: string, plugin: StoredPlugin): Promise<void>;
    getUserPlugin(userId: string, pluginKey: string): Promise<StoredPlugin | undefined>;
    listUserPluginKeys(userId: string): Promise<string[]>;
    deleteUserPlugin(userId: string, pluginKey: string): Promise<boolean>;
    putActionToken(userId: string, token: StoredActionToken): Promise<void>;
    getActionToken(userId: string, actionId: string): Promise<StoredActionToken | undefined>;
    deleteActionToken(userId: string, actionId: string): Promise<void>;
  };
  hasPermission(role: Role, feature: PermissionFeature, type: PermissionType): Promise<boolean>;
  /** Throws the 403 DomainError naming what the role cannot do. */
  requirePermission(role: Role, feature: PermissionFeature, type: PermissionType): Promise<void>;
  endpoints(): AvailableEndpoint[];
  /** The name shown as an agent's author. */
  userName(userId: string): Promise<string>;
  /** The key-encryption keys, newest first; read only when a secret is sealed or opened. */
  encryptionKeys(): Promise<EncryptionKey[]>;
  /** Sign and check an OAuth action's sign-in state (the JWT keys). */
  signingKeys(): Promise<SigningKeys>;
  /** The origin the browser sees (serverDomain), where an OAuth provider sends the user back; null when not configured. */
  serverOrigin(): string | null;
}
