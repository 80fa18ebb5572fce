import { buildPath, NO_PARENT } from '@meld/shared';
import { fixture } from '../../../domain/import/__fixtures__/import-fixture.ts';
import { seedConversation } from '../../convos/__fixtures__/members.ts';
import { isAbortRequested, markRunning } from '../../../store/generation-store.ts';
import { multipart } from '../../files/file-test-kit.ts';
import { MATRIX_ENDPOINT, MATRIX_MODEL } from './matrix-model.ts';
import { anyUser, ownedByUser, type MatrixEntries, type MatrixWorld } from './matrix.ts';

/**
 * Conversations, messages, tags, shares, presets and the chat routes. Each entry seeds A's own
 * conversation (the branched tree m1…m5b of the domain fixtures) and calls with its ids.
 */

const AT = '2026-01-10T10:00:00.000Z';
const ARTIFACT_REPLY = ':::artifact{identifier="page" type="text/html" title="Page"}\n```html\n<h1>Old</h1>\n```\n:::';

const conversationOf = async (world: MatrixWorld) => (await seedConversation(world.owner.userId)).conversation.conversationId;

/** A turn on A's conversation, answering m4; the offline demo endpoint streams it. */
const askOn = (path: string, model: string, extra: Record<string, unknown> = {}) => async (world: MatrixWorld) => ({
  path,
  json: { text: 'And the trams?', model, conversationId: await conversationOf(world), parentMessageId: 'm4', ...extra },
});

/** A reply of A's being written, as the ask pipeline records it. */
const runningReply = (conversationId: string) => ({
  conversationId,
  requestMessageId: 'm5',
  responseMessageId: 'm6',
  runId: 'run-1',
  startedAt: new Date().toISOString(),
  abortEndpoint: 'demo' as const,
  sender: 'demo',
  model: 'meld-demo',
  endpoint: 'demo',
  continues: false,
});

/** A tag of A's, on one of A's conversations. */
async function tagOf(world: MatrixWorld): Promise<{ tag: string; conversationId: string }> {
  const conversationId = await conversationOf(world);
  const tag = `trip-${conversationId.slice(0, 8)}`;
  await world.setup('owner', 'POST', '/api/tags', { tag, conversationId });
  return { tag, conversationId };
}

async function shareOf(world: MatrixWorld): Promise<{ shareId: string; conversationId: string }> {
  const conversationId = await conversationOf(world);
  const { shareId } = await world.setup<{ shareId: string }>('owner', 'POST', buildPath('/api/share/{id}', { id: conversationId }), {});
  return { shareId, conversationId };
}


export const chatEntries: MatrixEntries = {
  listConvos: { request: async (world) => (await conversationOf(world), { path: '/api/convos' }), expect: anyUser() },
  getConvo: { request: async (world) => ({ path: buildPath('/api/convos/{conversationId}', { conversationId: await conversationOf(world) }) }), expect: ownedByUser() },
  updateConvo: { request: async (world) => ({ path: '/api/convos/update', json: { arg: { conversationId: await conversationOf(world), title: 'Renamed' } } }), expect: ownedByUser() },
  deleteConvo: { request: async (world) => ({ path: '/api/convos', json: { arg: { conversationId: await conversationOf(world) } } }), expect: ownedByUser() },
  // Each caller empties only their own list.
  deleteAllConvos: { request: async (world) => (await conversationOf(world), { path: '/api/convos/all' }), expect: anyUser() },
  duplicateConvo: { request: async (world) => ({ path: '/api/convos/duplicate', json: { conversationId: await conversationOf(world) } }), expect: ownedByUser(201) },
  forkConvo: { request: async (world) => ({ path: '/api/convos/fork', json: { conversationId: await conversationOf(world), messageId: 'm3', option: 'includeBranches' } }), expect: ownedByUser() },
  genTitle: { request: async (world) => ({ path: '/api/convos/gen_title', json: { conversationId: await conversationOf(world) } }), expect: ownedByUser() },
  importConvos: {
    request: async () => ({ path: '/api/convos/import', ...(await multipart([{ name: 'export.json', type: 'application/json', data: fixture('librechat-flat-export.json') }])) }),
    expect: anyUser(201),
  },
  getMessages: { request: async (world) => ({ path: buildPath('/api/messages/{conversationId}', { conversationId: await conversationOf(world) }) }), expect: ownedByUser() },
  getMessage: { request: async (world) => ({ path: buildPath('/api/messages/{conversationId}/{messageId}', { conversationId: await conversationOf(world), messageId: 'm3' }) }), expect: ownedByUser() },
  updateMessage: {
    request: async (world) => ({ path: buildPath('/api/messages/{conversationId}/{messageId}', { conversationId: await conversationOf(world), messageId: 'm4' }), json: { text: 'A better answer' } }),
    expect: ownedByUser(),
  },
  saveArtifact: {
    request: async (world) => {
      const { conversation } = await seedConversation(world.owner.userId, {}, (id) => [
        { messageId: 'a1', conversationId: id, parentMessageId: NO_PARENT, text: ARTIFACT_REPLY, sender: 'openAI', isCreatedByUser: false, createdAt: AT, updatedAt: AT },
      ]);
      return { path: buildPath('/api/messages/artifact/{messageId}', { messageId: 'a1' }), json: { conversationId: conversation.conversationId, index: 0, original: '<h1>Old</h1>', updated: '<h1>New</h1>' } };
    },
    expect: ownedByUser(),
  },
  searchEnabled: { request: async () => ({ path: '/api/search/enable' }), expect: anyUser() },

  listTags: { request: async (world) => (await tagOf(world), { path: '/api/tags' }), expect: anyUser() },
  // Tags are named by their owner: another user creating "trip-…" gets a tag of their own.
  createTag: { request: async (world) => ({ path: '/api/tags', json: { tag: `new-${(await conversationOf(world)).slice(0, 8)}` } }), expect: anyUser(201) },
  updateTag: { request: async (world) => ({ path: buildPath('/api/tags/{tag}', { tag: (await tagOf(world)).tag }), json: { description: 'Lisbon, May' } }), expect: ownedByUser() },
  deleteTag: { request: async (world) => ({ path: buildPath('/api/tags/{tag}', { tag: (await tagOf(world)).tag }) }), expect: ownedByUser() },
  updateConvoTags: {
    request: async (world) => ({ path: buildPath('/api/tags/convo/{conversationId}', { conversationId: await conversationOf(world) }), json: { tags: ['lisbon'] } }),
    expect: ownedByUser(),
  },
  rebuildTags: { request: async (world) => (await tagOf(world), { path: '/api/tags/rebuild' }), expect: anyUser() },

  listPresets: { request: async () => ({ path: '/api/presets' }), expect: anyUser() },
  savePreset: { request: async () => ({ path: '/api/presets', json: { title: 'Terse', endpoint: 'demo', model: 'meld-demo' } }), expect: anyUser() },
  deletePreset: {
    request: async (world) => ({ path: '/api/presets/delete', json: { presetId: (await world.setup<{ presetId: string }>('owner', 'POST', '/api/presets', { title: 'Mine', endpoint: 'demo' })).presetId } }),
    expect: ownedByUser(),
  },

  listShares: { request: async (world) => (await shareOf(world), { path: '/api/share' }), expect: anyUser() },
  createShare: { request: async (world) => ({ path: buildPath('/api/share/{id}', { id: await conversationOf(world) }), json: {} }), expect: ownedByUser(201) },
  // The link is public by design: whoever holds it reads the shared conversation.
  getShare: { request: async (world) => ({ path: buildPath('/api/share/{id}', { id: (await shareOf(world)).shareId }) }), expect: { anonymous: 200, owner: 200, otherUser: 200, mentorToken: 200, admin: 200 } },
  getShareLink: { request: async (world) => ({ path: buildPath('/api/share/link/{id}', { id: (await shareOf(world)).conversationId }) }), expect: ownedByUser() },
  refreshShare: { request: async (world) => ({ path: buildPath('/api/share/{id}', { id: (await shareOf(world)).shareId }) }), expect: ownedByUser() },
  deleteShare: { request: async (world) => ({ path: buildPath('/api/share/{id}', { id: (await shareOf(world)).shareId }) }), expect: ownedByUser() },

  askDemo: { request: askOn('/api/ask/demo', 'meld-demo', { endpoint: 'demo' }), expect: ownedByUser() },
  // Every chat kind reaches a local fake of its provider (matrix-model.ts): a reply for A, a 404 for B and the admin.
  askOpenAI: { request: askOn('/api/ask/openAI', MATRIX_MODEL, { endpoint: 'openAI' }), expect: ownedByUser() },
  askAzureOpenAI: { request: askOn('/api/ask/azureOpenAI', MATRIX_MODEL, { endpoint: 'azureOpenAI' }), expect: ownedByUser() },
  askCustom: { request: askOn('/api/ask/custom', MATRIX_MODEL, { endpoint: 'custom', endpointName: MATRIX_ENDPOINT }), expect: ownedByUser() },
  askAnthropic: { request: askOn('/api/ask/anthropic', MATRIX_MODEL, { endpoint: 'anthropic' }), expect: ownedByUser() },
  askGoogle: { request: askOn('/api/ask/google', MATRIX_MODEL, { endpoint: 'google' }), expect: ownedByUser() },
  bedrockChat: { request: askOn('/api/bedrock/chat', MATRIX_MODEL, { endpoint: 'bedrock' }), expect: ownedByUser() },
  // Abort looks for running replies only in the caller's own partition: B's call with A's ids finds
  // none and answers { aborted: false }, as for any conversation with nothing running; A's flags A's reply.
  abortAsk: {
    request: async (world) => {
      const conversationId = await conversationOf(world);
      await markRunning(world.owner.userId, runningReply(conversationId));
      return { path: buildPath('/api/ask/{endpoint}/abort', { endpoint: 'demo' }), json: { conversationId } };
    },
    expect: anyUser(),
    intact: async (world, request) => !(await isAbortRequested(world.owner.userId, runningReply((request.json as { conversationId: string }).conversationId))),
  },
  // Another member's conversation is not found, whatever runs in it; each member lists only their own.
  liveReplies: {
    request: async (world) => {
      const conversationId = await conversationOf(world);
      await markRunning(world.owner.userId, runningReply(conversationId));
      return { path: buildPath('/api/ask/live/{conversationId}', { conversationId }) };
    },
    expect: ownedByUser(),
  },
  liveReplyList: { request: async (world) => (await markRunning(world.owner.userId, runningReply(await conversationOf(world))), { path: '/api/ask/live' }), expect: anyUser() },
  // Retired chat kinds refuse every signed-in caller alike (decision 0005).
  askGptPlugins: { request: async () => ({ path: '/api/ask/gptPlugins', json: {} }), expect: anyUser(410) },
  askChatGPTBrowser: { request: async () => ({ path: '/api/ask/chatGPTBrowser', json: {} }), expect: anyUser(410) },
  assistantsChat: { request: async () => ({ path: buildPath('/api/assistants/{version}/chat', { version: 'v2' }), json: {} }), expect: anyUser(410) },

  listEndpoints: { request: async () => ({ path: '/api/endpoints' }), expect: anyUser() },
  listModels: { request: async () => ({ path: '/api/models' }), expect: anyUser() },
  getEndpointsOverride: { request: async () => ({ path: '/api/endpoints/config/override' }), expect: anyUser() },
  countTokens: { request: async () => ({ path: '/api/tokenizer', json: { text: 'How many tokens is this?' } }), expect: anyUser() },
};
