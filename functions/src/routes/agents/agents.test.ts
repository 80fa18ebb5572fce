import type { Agent, ListAgentsResponse } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, indexesSettled, useApi } from '../api-test-kit.ts';
import { png, multipart } from '../files/file-test-kit.ts';
import { AGENT_TEST_CONFIG, agentMember } from './agent-test-kit.ts';

const api = useApi({ config: AGENT_TEST_CONFIG });

describe('POST /api/agents and GET /api/agents/{id}', () => {
  it('creates an agent with the defaults filled in, authored by the user, and reads it back in one call', async () => {
    const maya = await agentMember(api().client());
    const created = await maya.call<Agent>('POST', '/api/agents', {
      name: 'Research helper',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      instructions: 'Answer with sources.',
      tools: ['execute_code', 'file_search'],
      conversation_starters: ['What is new?', 'Summarise my file'],
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      name: 'Research helper',
      description: '',
      instructions: 'Answer with sources.',
      tools: ['execute_code', 'file_search'],
      actions: [],
      conversation_starters: ['What is new?', 'Summarise my file'],
      recursion_limit: 25,
      projectIds: [],
      isCollaborative: false,
      avatar: null,
      author: maya.userId,
      authorName: 'Maya Angelou',
    });
    expect(created.json.id).toMatch(/^agent_/);
    const read = await maya.call<Agent>('GET', `/api/agents/${created.json.id}`);
    expect(read.json).toEqual(created.json);
    // The session, the address's ban (an agent route, decision 0011), the agent.
    expect(dbCalls(read)).toBe(4);
  });

  it('refuses five conversation starters, a recursion limit over the maximum, a provider without tools and a tool that does not exist', async () => {
    const maya = await agentMember(api().client());
    const starters = await maya.call('POST', '/api/agents', { name: 'A', provider: 'openAI', model: 'gpt-4o-mini', conversation_starters: ['1', '2', '3', '4', '5'] });
    expect(starters.status).toBe(400);
    expect(starters.json).toMatchObject({ field: 'conversation_starters', message: 'At most 4 conversation starters' });
    const recursion = await maya.call('POST', '/api/agents', { name: 'A', provider: 'openAI', model: 'gpt-4o-mini', recursion_limit: 101 });
    expect(recursion.json.field).toBe('recursion_limit');
    for (const provider of ['demo', 'nowhere']) {
      const refused = await maya.call('POST', '/api/agents', { name: 'A', provider, model: 'meld-demo' });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'invalid_agent_provider', field: 'provider' });
    }
    const tool = await maya.call('POST', '/api/agents', { name: 'A', provider: 'openAI', model: 'gpt-4o-mini', tools: ['web_browser'] });
    expect(tool.json).toMatchObject({ field: 'tools', message: 'There is no tool named "web_browser"' });
  });

  it("answers 404 for another user's private agent, on read, change, delete and copy, and leaves it out of their list", async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent({ name: 'Private notes' });
    const james = await agentMember(api().client());
    expect((await james.call('GET', `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await james.call('PATCH', `/api/agents/${agent.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await james.call('DELETE', `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await james.call('POST', `/api/agents/${agent.id}/duplicate`)).status).toBe(404);
    const list = await james.call<ListAgentsResponse>('GET', '/api/agents');
    expect(list.json.agents.map((item) => item.id)).not.toContain(agent.id);
    expect((await maya.call<Agent>('GET', `/api/agents/${agent.id}`)).json.name).toBe('Private notes');
  });
});

describe('PATCH and DELETE /api/agents/{id}', () => {
  it('changes only the fields sent, refuses a fifth starter, and deletes the agent', async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent({ description: 'Before' });
    const changed = await maya.call<Agent>('PATCH', `/api/agents/${agent.id}`, { name: 'Renamed', recursion_limit: 40, conversation_starters: ['Hi'] });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ name: 'Renamed', description: 'Before', recursion_limit: 40, conversation_starters: ['Hi'] });
    const tooMany = await maya.call('PATCH', `/api/agents/${agent.id}`, { conversation_starters: ['1', '2', '3', '4', '5'] });
    expect(tooMany.status).toBe(400);
    const deleted = await maya.call('DELETE', `/api/agents/${agent.id}`);
    expect(deleted.json).toEqual({ deleted: true });
    expect((await maya.call('GET', `/api/agents/${agent.id}`)).status).toBe(404);
  });
});

describe('sharing an agent with everyone', () => {
  it('needs SHARED_GLOBAL: a USER is refused, an admin shares, others read, list, use and copy it but cannot change or delete it', async () => {
    const maya = await agentMember(api().client());
    const refused = await maya.call('POST', '/api/agents', { name: 'For all', provider: 'openAI', model: 'gpt-4o-mini', projectIds: ['global'] });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Your role cannot share agents with everyone');
    const own = await maya.createAgent();
    expect((await maya.call('PATCH', `/api/agents/${own.id}`, { projectIds: ['global'] })).status).toBe(403);

    const admin = await agentMember(api().client(), 'ADMIN');
    const shared = await admin.createAgent({ name: 'Team librarian', projectIds: ['global'], tools: ['file_search'] });
    // Others find a shared agent through the shared indexes, which in AWS follow the write within a second.
    await indexesSettled();
    const read = await maya.call<Agent>('GET', `/api/agents/${shared.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ name: 'Team librarian', author: admin.userId });
    const list = await maya.call<ListAgentsResponse>('GET', '/api/agents?search=LIBRARIAN');
    expect(list.json.agents.map((agent) => agent.id)).toEqual([shared.id]);

    const change = await maya.call('PATCH', `/api/agents/${shared.id}`, { name: 'Hijacked' });
    expect(change.status).toBe(403);
    expect(change.json.message).toBe('Only the author can change this agent');
    expect((await maya.call('DELETE', `/api/agents/${shared.id}`)).status).toBe(403);
    expect((await admin.call<Agent>('GET', `/api/agents/${shared.id}`)).json.name).toBe('Team librarian');

    const copy = await maya.call<Agent>('POST', `/api/agents/${shared.id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.json).toMatchObject({ name: 'Team librarian (copy)', author: maya.userId, projectIds: [], tools: ['file_search'] });
    expect(copy.json.id).not.toBe(shared.id);
    expect((await maya.call<Agent>('PATCH', `/api/agents/${copy.json.id}`, { name: 'My librarian' })).json.name).toBe('My librarian');

    const unshared = await admin.call<Agent>('PATCH', `/api/agents/${shared.id}`, { projectIds: [] });
    expect(unshared.json.projectIds).toEqual([]);
    // At once, though the index still holds the shared copy: the agent itself is read consistently.
    expect((await maya.call('GET', `/api/agents/${shared.id}`)).status).toBe(404);
  });

  it('lets others change a shared agent its author made collaborative, but not its sharing', async () => {
    const admin = await agentMember(api().client(), 'ADMIN');
    const shared = await admin.createAgent({ name: 'Team notes', projectIds: ['global'], isCollaborative: true });
    const maya = await agentMember(api().client());
    await indexesSettled();
    const changed = await maya.call<Agent>('PATCH', `/api/agents/${shared.id}`, { instructions: 'Be brief.' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ instructions: 'Be brief.', author: admin.userId });
    // A second change right after the first: it starts from the agent as now stored, not the index's older copy.
    const again = await maya.call<Agent>('PATCH', `/api/agents/${shared.id}`, { description: 'Notes for the team' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ instructions: 'Be brief.', description: 'Notes for the team' });
    expect((await maya.call('PATCH', `/api/agents/${shared.id}`, { isCollaborative: false })).status).toBe(403);
    expect((await maya.call('PATCH', `/api/agents/${shared.id}`, { projectIds: [] })).status).toBe(403);
    // The builder sends the sharing fields with every save: unchanged, they are no change.
    const resent = await maya.call<Agent>('PATCH', `/api/agents/${shared.id}`, { name: 'Team notes v2', isCollaborative: true, projectIds: ['global'] });
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ name: 'Team notes v2', projectIds: ['global'], isCollaborative: true });
  });
});

describe('GET /api/agents', () => {
  it("pages the user's own agents newest first, then the shared ones, with a cursor", async () => {
    const admin = await agentMember(api().client(), 'ADMIN');
    const maya = await agentMember(api().client());
    const made: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie']) made.push((await maya.createAgent({ name })).id);
    // Lists come from indexes, which follow a write within a second in AWS.
    await indexesSettled();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page: { json: ListAgentsResponse } = await maya.call<ListAgentsResponse>('GET', `/api/agents${query}`);
      expect(page.json.agents.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.agents.map((agent) => agent.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    const sharedIds = seen.slice(3);
    const shared = await admin.createAgent({ name: 'Shared later', projectIds: ['global'] });
    await indexesSettled();
    const again = await maya.call<ListAgentsResponse>('GET', '/api/agents');
    expect(again.json.agents.map((agent) => agent.id)).toEqual([...[...made].reverse(), shared.id, ...sharedIds]);
    expect((await maya.call('GET', '/api/agents?cursor=not-a-cursor')).status).toBe(400);
  });
});

describe('POST /api/files/images/agents/{id}/avatar', () => {
  it("sets the agent's picture, served publicly, and answers the agent", async () => {
    const maya = await agentMember(api().client());
    const agent = await maya.createAgent();
    const picture = png(64, 64, 7);
    const form = await multipart([{ name: 'avatar.png', type: 'image/png', data: picture }], { manual: 'true' });
    const client = api().client();
    const uploaded = await client.request<Agent>('POST', `/api/files/images/agents/${agent.id}/avatar`, { body: form.body, headers: { ...form.headers, authorization: `Bearer ${maya.token}` } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.avatar).toMatch(new RegExp(`^/api/files/avatars/${maya.userId}/[0-9a-f]{32}\\.png$`));
    const served = await fetch(new URL(uploaded.json.avatar!, api().baseUrl));
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

    const james = await agentMember(api().client());
    const other = await client.request('POST', `/api/files/images/agents/${agent.id}/avatar`, { body: form.body, headers: { ...form.headers, authorization: `Bearer ${james.token}` } });
    expect(other.status).toBe(404);
  });
});

describe('tools and plugins', () => {
  it('lists the code runner and file search as ready, answers their auth, and installs and uninstalls a plugin', async () => {
    const maya = await agentMember(api().client());
    const tools = await maya.call<{ pluginKey: string; name: string; authenticated: boolean }[]>('GET', '/api/agents/tools');
    expect(tools.json.map(({ pluginKey, name, authenticated }) => ({ pluginKey, name, authenticated }))).toEqual([
      { pluginKey: 'execute_code', name: 'Code runner', authenticated: true },
      { pluginKey: 'file_search', name: 'File search', authenticated: true },
    ]);
    expect((await maya.call('GET', '/api/plugins')).json).toEqual(tools.json);
    expect((await maya.call('GET', '/api/agents/tools/execute_code/auth')).json).toEqual({ authenticated: true, message: 'system_defined' });
    expect((await maya.call('GET', '/api/agents/tools/web_browser/auth')).status).toBe(404);
    expect((await maya.call('POST', '/api/user/plugins', { pluginKey: 'execute_code', action: 'install' })).json).toEqual({ pluginKey: 'execute_code', installed: true });
    expect((await maya.call('POST', '/api/user/plugins', { pluginKey: 'execute_code', action: 'uninstall' })).json).toEqual({ pluginKey: 'execute_code', installed: false });
    const extra = await maya.call('POST', '/api/user/plugins', { pluginKey: 'execute_code', action: 'install', auth: { KEY: 'x' } });
    expect(extra.status).toBe(400);
    expect((await maya.call('POST', '/api/user/plugins', { pluginKey: 'nope', action: 'install' })).status).toBe(404);
  });
});
