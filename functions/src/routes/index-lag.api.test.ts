import type { Agent, CompassViewResponse, Prompt, PromptGroup } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { AGENT_TEST_CONFIG, agentMember } from './agents/agent-test-kit.ts';
import { indexesSettled, signUp, useApi } from './api-test-kit.ts';
import { createGroup, signUpAdminMember } from './prompts/prompt-test-kit.ts';
import { reflectingMember } from './reflection/reflection-test-kit.ts';

/**
 * Requests that read what was written a moment before, with indexes that see writes late, as
 * DynamoDB's may (MELD_INDEX_LAG_MS, local/index-lag-proxy.ts): each must read its own write where
 * it can (the table, by key, consistently), never an index's older copy.
 */
const api = useApi({ config: AGENT_TEST_CONFIG, indexLagMs: 5_000 });

describe('reading one’s own writes while the indexes lag', () => {
  it('makes a version made a moment ago production and labels it, and refuses one deleted a moment ago', async () => {
    const ada = await signUp(api().client());
    const { group } = await createGroup(ada, { name: 'Stand-up' });
    const added = await ada.call<{ prompt: Prompt }>('POST', '/api/prompts', { groupId: group.groupId, prompt: { prompt: 'Yesterday, today, blockers.', type: 'text' } });
    const promptId = added.json.prompt.promptId;

    const production = await ada.call<PromptGroup>('PATCH', `/api/prompts/${promptId}/tags/production`);
    expect(production.status).toBe(200);
    expect(production.json.productionId).toBe(promptId);
    expect((await ada.call<Prompt>('PATCH', `/api/prompts/${promptId}/labels`, { labels: ['team'] })).json.labels).toEqual(['team']);

    const other = await ada.call<{ prompt: Prompt }>('POST', '/api/prompts', { groupId: group.groupId, prompt: { prompt: 'Only blockers.', type: 'text' } });
    expect((await ada.call('DELETE', `/api/prompts/${other.json.prompt.promptId}`)).status).toBe(200);
    expect((await ada.call('PATCH', `/api/prompts/${other.json.prompt.promptId}/tags/production`)).status).toBe(404);
  });

  it('serves a shared prompt group or agent as stored now: changed twice in a row, and gone once unshared', async () => {
    const admin = await agentMember(api().client(), 'ADMIN');
    const maya = await agentMember(api().client());
    const shared = await admin.createAgent({ name: 'Team notes', projectIds: ['global'], isCollaborative: true });
    const promptAdmin = await signUpAdminMember(api().client());
    const { group } = await createGroup(promptAdmin, { name: 'Team retro', projectIds: ['global'] });
    // Others come to a shared thing through the shared lists, once the indexes have it.
    await indexesSettled();

    expect((await maya.call('PATCH', `/api/agents/${shared.id}`, { instructions: 'Be brief.' })).status).toBe(200);
    const second = await maya.call<Agent>('PATCH', `/api/agents/${shared.id}`, { description: 'For the team' });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ instructions: 'Be brief.', description: 'For the team' });

    await promptAdmin.call('PATCH', `/api/prompts/groups/${group.groupId}`, { oneliner: 'Start, stop, continue' });
    expect((await maya.call<PromptGroup>('GET', `/api/prompts/groups/${group.groupId}`)).json.oneliner).toBe('Start, stop, continue');

    expect((await admin.call('PATCH', `/api/agents/${shared.id}`, { projectIds: [] })).status).toBe(200);
    expect((await maya.call('GET', `/api/agents/${shared.id}`)).status).toBe(404);
    expect((await promptAdmin.call('PATCH', `/api/prompts/groups/${group.groupId}`, { removeProjectIds: ['global'] })).status).toBe(200);
    expect((await maya.call('GET', `/api/prompts/groups/${group.groupId}`)).status).toBe(404);
  });

  it('sums up the evening reflection saved a moment before, and shows the day as saved', async () => {
    const me = await reflectingMember(api().client());
    await me.compass(me.today, 70, 40, 'Ship the draft.');
    await me.save(me.today, 'evening-reflection', 'Shipped it.');

    const summary = await me.summary(me.today, 'Shipped it.');
    expect(summary.status).toBe(200);
    expect(summary.json.day).toMatchObject({ mood: 70, energy: 40, note: 'Ship the draft.', eveningNote: 'Shipped it.', dailySummary: summary.json.summary });
    const view = await me.call<CompassViewResponse>('GET', `/api/views/compass?date=${me.today}`);
    expect(view.json.days[0]).toMatchObject({ mood: 70, eveningNote: 'Shipped it.', dailySummary: summary.json.summary });
  });
});
