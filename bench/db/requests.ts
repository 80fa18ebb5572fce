import { localDate } from '../../functions/src/domain/compass/local-time.ts';
import { entry } from '../../functions/src/routes/interactions/__fixtures__/days.ts';
import { benchConversationId } from '../conversations.ts';
import type { Member } from './members.ts';

/** One request the bench makes as a member; `budget` where ARCHITECTURE.md section 7 names one. */
export interface BenchRequest {
  label: string;
  method: string;
  path: string;
  json?: unknown;
  budget?: { maxCalls: number; text: string };
}

/** Every GET route a member's pages call, with the member's own ids. */
export function reads(m: Member): BenchRequest[] {
  const get = (label: string, path: string, budget?: BenchRequest['budget']): BenchRequest => ({ label, method: 'GET', path, ...(budget ? { budget } : {}) });
  return [
    get('session user', '/api/user'),
    get('startup config', '/api/config'),
    get('banner', '/api/banner'),
    get('list conversations', '/api/convos?limit=25', { maxCalls: 1, text: '1 query' }),
    get('list conversations by title', '/api/convos?limit=25&sortBy=title&sortDirection=asc'),
    get('list conversations tagged', `/api/convos?limit=25&tags=${m.tag}`),
    get('get conversation', `/api/convos/${m.longConversationId}`),
    get('open conversation (its messages)', `/api/messages/${m.longConversationId}`, { maxCalls: 2, text: '1-2 queries' }),
    get('one message', `/api/messages/${m.longConversationId}/m5`),
    get('search enabled', '/api/search/enable'),
    get('tags', '/api/tags'),
    get('presets', '/api/presets'),
    get('shared links', '/api/share'),
    get('endpoints', '/api/endpoints'),
    get('models', '/api/models'),
    get('endpoints override', '/api/endpoints/config/override'),
    get('user settings', '/api/user/settings'),
    get('user keys', '/api/keys'),
    get('balance', '/api/balance'),
    get('terms', '/api/user/terms'),
    get('files', '/api/files'),
    get('file config', '/api/files/config'),
    get('speech config', '/api/files/speech/config/get'),
    get('role', '/api/roles/USER'),
    get('compass view', '/api/views/compass'),
    get('interactions', '/api/interactions'),
    get('wins view', '/api/views/wins'),
    get('log view', '/api/views/log'),
    get('fragments', '/api/fragments'),
    get('fragment themes', '/api/fragments/themes'),
    get('one fragment', `/api/fragments/${m.fragmentId}`),
    get('north star', '/api/north-star'),
    get('mentor feed', '/api/mentor-feed'),
    get('coach threads', '/api/coach/threads'),
    get('agents', '/api/agents'),
    get('one agent', `/api/agents/${m.agentId}`),
    get('agent tools', '/api/agents/tools'),
    get('agent actions', '/api/agents/actions'),
    get('plugins', '/api/plugins'),
    get('tool calls of a conversation', `/api/agents/tools/calls?conversationId=${m.longConversationId}`),
    get('prompt groups', '/api/prompts/groups'),
    get('all prompt groups', '/api/prompts/all'),
    get('random prompt groups', '/api/prompts/random'),
    get('one prompt group', `/api/prompts/groups/${m.groupId}`),
    get('prompts of a group', `/api/prompts?groupId=${m.groupId}`),
    get('prompt categories', '/api/categories'),
  ];
}

/**
 * The main writes, in an order where each finds what it needs: made, changed, then deleted.
 * Sending a message streams (POST /api/ask/...), and a stream's headers leave before its
 * DynamoDB calls are made, so it is not in this table.
 */
export function writes(m: Member): BenchRequest[] {
  const w = (label: string, method: string, path: string, json?: unknown): BenchRequest => ({ label, method, path, ...(json === undefined ? {} : { json }) });
  const convo = benchConversationId(m.userId, 2);
  return [
    w('rename conversation', 'POST', '/api/convos/update', { arg: { conversationId: convo, title: 'Renamed' } }),
    w('archive conversation', 'POST', '/api/convos/update', { arg: { conversationId: convo, isArchived: true } }),
    w('edit a message', 'PUT', `/api/messages/${m.longConversationId}/m5`, { text: 'An edited question' }),
    w('create tag on a conversation', 'POST', '/api/tags', { tag: 'bench', conversationId: convo }),
    w("set a conversation's tags", 'PUT', `/api/tags/convo/${convo}`, { tags: ['bench', m.tag] }),
    w('delete tag', 'DELETE', '/api/tags/bench'),
    w('save preset', 'POST', '/api/presets', { title: 'Bench preset', endpoint: 'demo', model: 'meld-demo' }),
    w('user settings', 'PATCH', '/api/user/settings', { fontSize: 'xl' }),
    w('create fragment', 'POST', '/api/fragments', { content: 'Thank Ana for the review' }),
    w('update fragment', 'PATCH', `/api/fragments/${m.fragmentId}`, { content: 'Thank Ana for the careful review' }),
    w('create win', 'POST', '/api/wins', { title: 'Shipped the deck' }),
    w('update win', 'PUT', `/api/wins/${m.winId}`, { title: 'Shipped the whole deck' }),
    w('compass answer (today)', 'POST', '/api/interactions', entry('mood', 70, localDate(new Date(), 'UTC'))),
    w('create prompt', 'POST', '/api/prompts', { prompt: { prompt: 'Translate {{text}}' }, group: { name: 'Translate' } }),
    w('update prompt group', 'PATCH', `/api/prompts/groups/${m.groupId}`, { oneliner: 'Short summaries' }),
    w('create agent', 'POST', '/api/agents', { name: 'Bench agent', provider: 'openAI', model: 'gpt-4o-mini' }),
    w('update agent', 'PATCH', `/api/agents/${m.agentId}`, { description: 'Answers briefly' }),
    w('delete agent', 'DELETE', `/api/agents/${m.agentId}`),
    w('delete win', 'DELETE', `/api/wins/${m.winId}`),
    w('delete fragment', 'DELETE', `/api/fragments/${m.fragmentId}`),
    w('delete prompt group', 'DELETE', `/api/prompts/groups/${m.groupId}`),
    w('delete conversation', 'DELETE', '/api/convos', { arg: { conversationId: m.longConversationId } }),
  ];
}
