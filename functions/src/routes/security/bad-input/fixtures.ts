import { NO_PARENT, type RouteDef, type RouteName } from '@meld/shared';
import fc from 'fast-check';
import { putConversation } from '../../../store/conversation-store.ts';
import { putMessages } from '../../../store/message-store.ts';
import type { ApiClient } from '../../api-test-kit.ts';
import { validArbitraryFor } from './derive.ts';

/** Someone the suite calls the API as. */
export interface Caller {
  userId: string;
  headers: Record<string, string>;
}

export interface World {
  client: ApiClient;
  /** User A: every user route runs as them, against their own objects. */
  member: Caller;
  admin: Caller;
  /** A member the admin's user routes aim at (a refusal must leave them as they were). */
  bystanderId: string;
  mentorToken: string;
}

type Params = Record<string, string>;
type Maker = (world: World) => Promise<Params>;

let made = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(made += 1)}`;

async function post<T>(world: World, caller: Caller, path: string, json: unknown): Promise<T> {
  const response = await world.client.request<T>('POST', path, { json, headers: caller.headers });
  if (response.status >= 300) throw new Error(`Fixture ${path} failed: ${response.status} ${response.text}`);
  return response.json;
}

/** A conversation of A's with one message, written straight to the store (no model call needed). */
const conversation: Maker = async ({ member }) => {
  const conversationId = unique('fz-convo');
  const messageId = unique('fz-msg');
  const at = new Date().toISOString();
  await putConversation(member.userId, { conversationId, title: 'Fuzzed', user: member.userId, isArchived: false, tags: [], createdAt: at, updatedAt: at });
  await putMessages(member.userId, [{ messageId, conversationId, parentMessageId: NO_PARENT, text: 'hello', sender: 'User', isCreatedByUser: true, createdAt: at, updatedAt: at }]);
  return { conversationId, messageId };
};

const share: Maker = async (world) => {
  const { conversationId } = await conversation(world);
  const link = await post<{ shareId: string }>(world, world.member, `/api/share/${conversationId!}`, {});
  return { id: link.shareId };
};

const created =
  (path: string, body: () => unknown, param = 'id'): Maker =>
  async (world) => ({ [param]: (await post<{ id: string }>(world, world.member, path, body())).id });

const prompt: Maker = async (world) => {
  const made = await post<{ prompt: { promptId: string; groupId: string } }>(world, world.member, '/api/prompts', { prompt: { prompt: 'Summarise {{text}}' }, group: { name: unique('fz-group') } });
  return { promptId: made.prompt.promptId, groupId: made.prompt.groupId };
};

const agent: Maker = async (world) => {
  const made = await post<{ id: string }>(world, world.member, '/api/agents', { name: 'Fuzzed', provider: 'openAI', model: 'gpt-4o-mini' });
  return { id: made.id, agentId: made.id };
};

const tag: Maker = async (world) => {
  const name = unique('fz-tag');
  await post(world, world.member, '/api/tags', { tag: name });
  return { tag: name };
};

const banner: Maker = async (world) => ({ bannerId: (await post<{ bannerId: string }>(world, world.admin, '/api/admin/banners', { message: 'Fuzzed', isPublic: false })).bannerId });
const accessCode: Maker = async (world) => ({ code: (await post<{ code: string }>(world, world.admin, '/api/admin/access-codes', {})).code });
const mentor: Maker = async ({ mentorToken }) => ({ token: mentorToken, stage: '1' });
const bystander: Maker = async ({ bystanderId }) => ({ id: bystanderId });
const ownFile: Maker = async ({ member }) => ({ userId: member.userId });

const win = created('/api/wins', () => ({ title: 'Fuzzed win' }));
const fragment = created('/api/fragments', () => ({ content: 'Fuzzed fragment' }));
const coachThread = created('/api/coach/threads', () => ({ contextChips: [] }));

/**
 * Real objects of A's (or the admin's) for the routes whose path names one, made fresh for each
 * route so an earlier route's delete cannot leave a later one fuzzing a 404. Routes not listed
 * (files, north-star versions, feed cards, coach replies: each needs an upload or a model run)
 * take ids of the right shape from their params schema, which the route answers with a 404.
 */
const MAKERS: Partial<Record<RouteName, Maker>> = {
  getConvo: conversation,
  getMessages: conversation,
  getMessage: conversation,
  updateMessage: conversation,
  updateConvoTags: conversation,
  saveArtifact: conversation,
  createShare: async (world) => ({ id: (await conversation(world)).conversationId! }),
  getShareLink: async (world) => ({ id: (await conversation(world)).conversationId! }),
  getShare: share,
  refreshShare: share,
  deleteShare: share,
  updateTag: tag,
  deleteTag: tag,
  updateWin: win,
  deleteWin: win,
  pinWin: win,
  shareWin: win,
  getFragment: fragment,
  updateFragment: fragment,
  deleteFragment: fragment,
  pinFragmentToWins: fragment,
  updateCoachThread: coachThread,
  deleteCoachThread: coachThread,
  listCoachMessages: coachThread,
  askCoach: coachThread,
  reactToCoachMessage: coachThread,
  bookmarkCoachMessage: coachThread,
  getAgent: agent,
  updateAgent: agent,
  deleteAgent: agent,
  duplicateAgent: agent,
  uploadAgentAvatar: agent,
  saveAgentAction: agent,
  deleteAgentAction: agent,
  getPromptGroup: prompt,
  updatePromptGroup: prompt,
  deletePromptGroup: prompt,
  recordPromptUse: prompt,
  getPrompt: prompt,
  deletePrompt: prompt,
  setProductionPrompt: prompt,
  updatePromptLabels: prompt,
  downloadFile: ownFile,
  getFile: ownFile,
  getAvatar: ownFile,
  updateBanner: banner,
  deleteBanner: banner,
  revokeAccessCode: accessCode,
  updateUserRole: bystander,
  deleteUser: bystander,
  getMentorInterview: mentor,
  generateMentorIntro: mentor,
  getMentorResponse: mentor,
  saveMentorResponse: mentor,
  retryMentorTranscription: mentor,
  generateMentorQuestion: mentor,
  generateMentorInsights: mentor,
};

/** The route's path parameters: real ids where a maker exists, otherwise values of the right shape. */
export async function realParams(route: RouteDef & { name: RouteName }, world: World): Promise<Params> {
  if (!route.params) return {};
  const shaped = fc.sample(validArbitraryFor(route.params), { seed: 7, numRuns: 1 })[0] as Params;
  const real = await MAKERS[route.name]?.(world);
  const names = Object.keys(shaped);
  // A derived free-form string may hold '/', '?' or '..': those are the path poisons' job, not the baseline's.
  const plain = (value: string) => (/^[\w-][\w.-]*$/.test(value) ? value : 'fz-missing-id');
  return Object.fromEntries(names.map((name) => [name, real?.[name] ?? plain(shaped[name]!)]));
}
