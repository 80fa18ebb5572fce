// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

export const AGENT_LIMITS = {
  nameMax: 256,
  descriptionMax: 1_024,
  instructionsMax: 32_768,
  /** Spec 000 section 9. */
  conversationStartersMax: 4,
  conversationStarterMax: 512,
  toolsMax: 64,
  actionsMax: 16,
  recursionLimitDefault: 25,
  recursionLimitMax: 100,
  /** An action's OpenAPI document (JSON or YAML). */
  rawSpecMax: 100_000,
  /** Operations one action may define: each becomes a tool. */
  operationsMax: 64,
  listLimitDefault: 100,
  listLimitMax: 100,
} as const;

/** The project every globally shared agent carries in its projectIds. */
export const GLOBAL_PROJECT_ID = 'global';

/** The built-in tools' names (the code runner and file search). */
export const BUILTIN_AGENT_TOOLS = { executeCode: 'execute_code', fileSearch: 'file_search' } as const;

/** An action operation's tool name: `<operationId>_action_<domain with "---" for ".">` (spec 000 section 3). */
export const ACTION_DELIMITER = '_action_';
export const ACTION_DOMAIN_SEPARATOR = '---';

/** The ways an action's API key travels (see the action auth schemas). */
export const API_KEY_AUTH_TYPES = ['bearer', 'basic', 'custom'] as const;
