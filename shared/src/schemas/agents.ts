import * as z from 'zod';
import { ARTIFACT_MODES } from '../artifact-blocks.ts';
import { AGENT_LIMITS, API_KEY_AUTH_TYPES, GLOBAL_PROJECT_ID } from '../agents-constants.ts';

export { ACTION_DELIMITER, ACTION_DOMAIN_SEPARATOR, API_KEY_AUTH_TYPES, AGENT_LIMITS, BUILTIN_AGENT_TOOLS, GLOBAL_PROJECT_ID } from '../agents-constants.ts';

/**
 * Agents, their actions (OpenAPI tools) and plugins (spec 000 sections 3, 5, 7 and 8;
 * docs/decisions/0027-agents-and-actions.md). An agent lives in its author's partition; one whose
 * projectIds hold GLOBAL_PROJECT_ID is shared with every user who may use agents.
 */

const AGENT_ID_PATTERN = /^agent_[\w-]{8,64}$/;
const ACTION_ID_PATTERN = /^action_[\w-]{8,64}$/;
export const agentIdSchema = z.string().regex(AGENT_ID_PATTERN, { error: 'Not an agent id' });
export const actionIdSchema = z.string().regex(ACTION_ID_PATTERN, { error: 'Not an action id' });

const modelParametersSchema = z.record(z.string().max(64), z.union([z.number(), z.string().max(1_000), z.boolean(), z.null()]));

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  provider: z.string(),
  model: z.string(),
  model_parameters: modelParametersSchema,
  /** Tool names: built-in tools and plugins; action operations come from `actions`. */
  tools: z.array(z.string()),
  /** Action ids, each an OpenAPI document whose operations become tools. */
  actions: z.array(z.string()),
  conversation_starters: z.array(z.string()),
  /** Artifacts mode ('' when off). */
  artifacts: z.string(),
  isCollaborative: z.boolean(),
  recursion_limit: z.number().int(),
  projectIds: z.array(z.string()),
  /** The picture's URL (public, unguessable: decision 0020), or null. */
  avatar: z.string().nullable(),
  author: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

const text = (max: number, label: string) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` });

const agentFields = {
  name: text(AGENT_LIMITS.nameMax, 'Name').min(1, { error: 'Name cannot be empty' }),
  description: text(AGENT_LIMITS.descriptionMax, 'Description'),
  instructions: z.string().max(AGENT_LIMITS.instructionsMax, { error: `Instructions must be at most ${AGENT_LIMITS.instructionsMax} characters` }),
  provider: z.string().trim().min(1, { error: 'Choose a provider' }).max(100),
  model: z.string().trim().min(1, { error: 'Choose a model' }).max(200),
  model_parameters: modelParametersSchema,
  tools: z.array(z.string().max(200)).max(AGENT_LIMITS.toolsMax, { error: `At most ${AGENT_LIMITS.toolsMax} tools` }),
  conversation_starters: z
    .array(text(AGENT_LIMITS.conversationStarterMax, 'A conversation starter'))
    .max(AGENT_LIMITS.conversationStartersMax, { error: `At most ${AGENT_LIMITS.conversationStartersMax} conversation starters` }),
  artifacts: z.enum(['', ...ARTIFACT_MODES], { error: `Artifacts must be off or one of ${ARTIFACT_MODES.join(', ')}` }),
  isCollaborative: z.boolean(),
  recursion_limit: z
    .number()
    .int()
    .min(1, { error: 'The recursion limit must be at least 1' })
    .max(AGENT_LIMITS.recursionLimitMax, { error: `The recursion limit must be at most ${AGENT_LIMITS.recursionLimitMax}` }),
  /** [] or [GLOBAL_PROJECT_ID]; sharing globally needs AGENTS/SHARED_GLOBAL. */
  projectIds: z.array(z.literal(GLOBAL_PROJECT_ID, { error: `The only project is "${GLOBAL_PROJECT_ID}"` })).max(1),
};

/** `POST /api/agents`: name, provider and model are required; the rest has defaults. */
export const createAgentBody = z.strictObject({
  name: agentFields.name,
  provider: agentFields.provider,
  model: agentFields.model,
  description: agentFields.description.optional(),
  instructions: agentFields.instructions.optional(),
  model_parameters: agentFields.model_parameters.optional(),
  tools: agentFields.tools.optional(),
  conversation_starters: agentFields.conversation_starters.optional(),
  artifacts: agentFields.artifacts.optional(),
  isCollaborative: agentFields.isCollaborative.optional(),
  recursion_limit: agentFields.recursion_limit.optional(),
  projectIds: agentFields.projectIds.optional(),
});
export type CreateAgentBody = z.infer<typeof createAgentBody>;

/** `PATCH /api/agents/{id}`: the fields to change; others stay. */
export const updateAgentBody = z
  .strictObject(Object.fromEntries(Object.entries(agentFields).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof typeof agentFields]: z.ZodOptional<(typeof agentFields)[K]> })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change' });
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;

export const agentParams = z.object({ id: agentIdSchema });

/** `GET /api/agents`: the user's own agents (newest change first), then the globally shared ones. */
export const listAgentsQuery = z.object({
  cursor: z.string().max(2_000).optional(),
  limit: z.coerce.number().int().min(1).max(AGENT_LIMITS.listLimitMax).default(AGENT_LIMITS.listLimitDefault),
  /** Matches names containing it, case-insensitively. */
  search: z.string().trim().max(200).optional(),
});
export const listAgentsResponse = z.object({ agents: z.array(agentSchema), nextCursor: z.string().nullable() });
export type ListAgentsResponse = z.infer<typeof listAgentsResponse>;

export const deleteAgentResponse = z.object({ deleted: z.boolean() });

/** A tool an agent can use, as the builder lists it (spec 000 section 3, "Plugin or tool definition"). */
export const authFieldSchema = z.object({ authField: z.string(), label: z.string(), description: z.string() });
export const toolDefinitionSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  /** The values a user enters to install it; empty when it needs none. */
  authConfig: z.array(authFieldSchema),
  /** Whether it is ready for this user (no values needed, or the user's are stored). */
  authenticated: z.boolean(),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;
export const toolListResponse = z.array(toolDefinitionSchema);

export const agentToolIdParams = z.object({ toolId: z.string().min(1).max(200) });
export const toolAuthResponse = z.object({ authenticated: z.boolean(), message: z.string() });
export type ToolAuthResponse = z.infer<typeof toolAuthResponse>;

/** `POST /api/user/plugins` (spec 000 section 7). */
export const installPluginBody = z.strictObject({
  pluginKey: z.string().trim().min(1).max(200),
  action: z.enum(['install', 'uninstall'], { error: 'Action must be install or uninstall' }),
  auth: z.record(z.string().max(100), z.string().max(4_000)).optional(),
  isEntityTool: z.boolean().optional(),
});
export type InstallPluginBody = z.infer<typeof installPluginBody>;
export const installPluginResponse = z.object({ pluginKey: z.string(), installed: z.boolean() });

/**
 * Action authentication: none, an API key (bearer, basic or a custom header), or OAuth (each user
 * signs in at the provider; their tokens are kept sealed and refreshed). Secrets travel in on save
 * only; answers say whether each is set.
 */
const httpUrl = z.url({ protocol: /^https?$/, error: 'Not an http(s) URL' });
const actionAuthInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({
    type: z.literal('service_http'),
    authorization_type: z.enum(API_KEY_AUTH_TYPES),
    /** The header name when authorization_type is custom (e.g. X-Api-Key). */
    custom_auth_header: z.string().trim().regex(/^[A-Za-z0-9-]{1,100}$/, { error: 'Not a header name' }).optional(),
    /** Omitted on update to keep the stored key. */
    api_key: z.string().min(1).max(4_000).optional(),
  }),
  z.strictObject({
    type: z.literal('oauth'),
    /** The provider's sign-in page. */
    authorization_url: httpUrl,
    /** The provider's token endpoint (codes and refresh tokens are exchanged there). */
    client_url: httpUrl,
    scope: z.string().trim().max(1_000).optional(),
    oauth_client_id: z.string().trim().min(1).max(1_000),
    /** Omitted on update to keep the stored secret. */
    oauth_client_secret: z.string().min(1).max(4_000).optional(),
  }),
]);
export type ActionAuthInput = z.infer<typeof actionAuthInput>;

export const actionAuthSchema = z.object({
  type: z.enum(['none', 'service_http', 'oauth']),
  authorization_type: z.enum(API_KEY_AUTH_TYPES).optional(),
  custom_auth_header: z.string().optional(),
  api_key_set: z.boolean().optional(),
  authorization_url: z.string().optional(),
  client_url: z.string().optional(),
  scope: z.string().optional(),
  oauth_client_id: z.string().optional(),
  oauth_client_secret_set: z.boolean().optional(),
});

export const actionSchema = z.object({
  action_id: z.string(),
  agent_id: z.string(),
  metadata: z.object({
    domain: z.string(),
    raw_spec: z.string(),
    auth: actionAuthSchema,
    /** The tool names its operations become. */
    tools: z.array(z.string()),
  }),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

/** `POST /api/agents/actions/{agentId}`: a new action, or (with action_id) a change to one. */
export const saveActionBody = z.strictObject({
  action_id: actionIdSchema.optional(),
  metadata: z.strictObject({
    /** The host the spec's server names (e.g. api.example.com); checked against the spec. */
    domain: z.string().trim().min(1).max(253),
    raw_spec: z.string().min(1, { error: 'Paste an OpenAPI document' }).max(AGENT_LIMITS.rawSpecMax, { error: 'The OpenAPI document is too large' }),
    auth: actionAuthInput.default({ type: 'none' }),
  }),
});
export type SaveActionBody = z.infer<typeof saveActionBody>;
/** What a client sends (auth may be left out for none). */
export type SaveActionInput = z.input<typeof saveActionBody>;
export const saveActionResponse = z.object({ agent: agentSchema, action: actionSchema });

export const agentActionParams = z.object({ agentId: agentIdSchema });
export const deleteActionParams = z.object({ agentId: agentIdSchema, actionId: actionIdSchema });
export const listActionsResponse = z.array(actionSchema);

/** `POST /api/files/images/agents/{id}/avatar`: multipart `file`, as the user's own avatar (decision 0020). */
export const agentAvatarResponse = agentSchema;

/** `GET /api/actions/{actionId}/oauth/callback`: where the provider sends the user back after signing in. */
export const actionOAuthParams = z.object({ actionId: actionIdSchema });
export const actionOAuthQuery = z.object({
  code: z.string().max(4_000).optional(),
  state: z.string().max(4_000).optional(),
  error: z.string().max(200).optional(),
});
/** A small HTML page, not JSON; the schema only names the route's success for the table. */
export const actionOAuthResponse = z.unknown();
/** The tool call's sign-in link carries a ticket (`state`) that signs nobody in; the member's own request turns it into the provider's page. */
export const startActionOAuthBody = z.object({ state: z.string().min(1).max(4_000) });
export const startActionOAuthResponse = z.object({ url: z.string(), expiresAt: z.string() });
