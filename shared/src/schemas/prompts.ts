import * as z from 'zod';
import { PROMPT_CATEGORIES, PROMPT_COMMAND_PATTERN, PROMPT_GLOBAL_PROJECT_ID, PROMPT_LIMITS, PROMPT_TYPES } from '../prompts-constants.ts';

export { PROMPT_CATEGORIES, PROMPT_COMMAND_PATTERN, PROMPT_GLOBAL_PROJECT_ID, PROMPT_LIMITS, PROMPT_TYPES } from '../prompts-constants.ts';
export type { PromptCategory, PromptType } from '../prompts-constants.ts';

/**
 * The prompt library (spec 000 sections 5, 7, 9), modelled as LibreChat does: a prompt GROUP (name,
 * one-liner, category, slash command, sharing) owns VERSIONS of the prompt text; one version is the
 * group's production version, the one the slash command inserts. Text may hold `{{variable}}`
 * placeholders, filled in a dialog before use.
 */

const id = z.string({ error: 'Id must be text' }).trim().min(1, { error: 'Id is required' }).max(100, { error: 'Id is too long' });

const promptText = z
  .string({ error: 'prompt must be text' })
  .max(PROMPT_LIMITS.promptMax, { error: `prompt must be at most ${PROMPT_LIMITS.promptMax} characters` })
  .refine((text) => text.trim().length > 0, { error: 'prompt cannot be empty' });

const label = z
  .string({ error: 'Each label must be text' })
  .trim()
  .min(1, { error: 'A label cannot be empty' })
  .max(PROMPT_LIMITS.labelMax, { error: `A label must be at most ${PROMPT_LIMITS.labelMax} characters` });
const labels = z
  .array(label, { error: 'labels must be a list' })
  .max(PROMPT_LIMITS.labelsMax, { error: `At most ${PROMPT_LIMITS.labelsMax} labels` })
  .transform((list) => [...new Set(list)]);

const name = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(PROMPT_LIMITS.nameMax, { error: `name must be at most ${PROMPT_LIMITS.nameMax} characters` });
const oneliner = z.string({ error: 'oneliner must be text' }).trim().max(PROMPT_LIMITS.onelinerMax, { error: `oneliner must be at most ${PROMPT_LIMITS.onelinerMax} characters` });
const category = z.enum(PROMPT_CATEGORIES, { error: `category must be one of ${PROMPT_CATEGORIES.join(', ')}` });
/** '' removes the command. */
const command = z
  .string({ error: 'command must be text' })
  .trim()
  .max(PROMPT_LIMITS.commandMax, { error: `command must be at most ${PROMPT_LIMITS.commandMax} characters` })
  .refine((value) => value === '' || PROMPT_COMMAND_PATTERN.test(value), { error: 'command may hold only lower-case letters, digits and hyphens' });
const projectIds = z.array(z.literal(PROMPT_GLOBAL_PROJECT_ID, { error: `The only project is ${PROMPT_GLOBAL_PROJECT_ID}` }), { error: 'projectIds must be a list' }).max(1);

/** One version of a group's text. */
export const promptSchema = z.object({
  promptId: z.string(),
  groupId: z.string(),
  author: z.string(),
  prompt: z.string(),
  type: z.enum(PROMPT_TYPES),
  labels: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const promptGroupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  oneliner: z.string(),
  category: z.enum(PROMPT_CATEGORIES).nullable(),
  /** The slash command, unique among the author's groups; null when none. */
  command: z.string().nullable(),
  author: z.string(),
  authorName: z.string(),
  /** Holds PROMPT_GLOBAL_PROJECT_ID when the group is shared with everyone. */
  projectIds: z.array(z.string()),
  productionId: z.string(),
  /** The production version's text and type, so lists and the slash command need no second read. */
  productionPrompt: z.object({ prompt: z.string(), type: z.enum(PROMPT_TYPES) }),
  numberOfGenerations: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptGroup = z.infer<typeof promptGroupSchema>;

const newVersion = z.object({ prompt: promptText, type: z.enum(PROMPT_TYPES, { error: 'type must be text or chat' }).default('text'), labels: labels.optional() });

/**
 * `POST /api/prompts`: with `group`, a new group whose first version (its production version) is
 * `prompt`; with `groupId`, a new version of that group, made production when `makeProduction`.
 */
export const createPromptBody = z
  .object({
    prompt: newVersion,
    group: z.object({ name, oneliner: oneliner.optional(), category: category.nullable().optional(), command: command.optional(), projectIds: projectIds.optional() }).optional(),
    groupId: id.optional(),
    makeProduction: z.boolean().optional(),
  })
  .refine((body) => (body.group === undefined) !== (body.groupId === undefined), { error: 'Send either group (a new group) or groupId (a new version)', path: ['group'] });
export const createPromptResponse = z.object({ prompt: promptSchema, group: promptGroupSchema });

export const listPromptsQuery = z.object({ groupId: id });
export const listPromptsResponse = z.array(promptSchema);
export const promptIdParams = z.object({ promptId: id });
export const deletePromptResponse = z.object({ promptId: z.string(), groupId: z.string(), groupDeleted: z.boolean(), group: promptGroupSchema.nullable() });
export const updatePromptLabelsBody = z.object({ labels });

export const listPromptGroupsQuery = z.object({
  /** Matches a group's name, case-insensitively, anywhere in it. */
  name: z.string().trim().max(PROMPT_LIMITS.nameMax).optional(),
  category: category.optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be at least 1' })
    .max(PROMPT_LIMITS.pageSizeMax, { error: `pageSize must be at most ${PROMPT_LIMITS.pageSizeMax}` })
    .default(PROMPT_LIMITS.pageSizeDefault),
  cursor: z.string().max(200).optional(),
});
export const listPromptGroupsResponse = z.object({ promptGroups: z.array(promptGroupSchema), nextCursor: z.string().nullable() });
export const promptGroupParams = z.object({ groupId: id });

/** Any subset; `projectIds` adds, `removeProjectIds` removes (sharing needs SHARED_GLOBAL). */
export const updatePromptGroupBody = z
  .object({ name: name.optional(), oneliner: oneliner.optional(), category: category.nullable().optional(), command: command.optional(), projectIds: projectIds.optional(), removeProjectIds: projectIds.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Send at least one field to change' });
export const deletePromptGroupResponse = z.object({ groupId: z.string(), deleted: z.literal(true) });

export const listAllPromptGroupsResponse = z.array(promptGroupSchema);

export const randomPromptGroupsQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(PROMPT_LIMITS.randomLimitMax, { error: `limit must be at most ${PROMPT_LIMITS.randomLimitMax}` }).default(8),
  skip: z.coerce.number({ error: 'skip must be a number' }).int().min(0, { error: 'skip cannot be negative' }).max(10_000).default(0),
});
export const randomPromptGroupsResponse = z.object({ prompts: z.array(promptGroupSchema) });

export const categoryListResponse = z.array(z.object({ label: z.string(), value: z.enum(PROMPT_CATEGORIES) }));
