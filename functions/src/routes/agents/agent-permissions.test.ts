import type { Agent } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { useApi } from '../api-test-kit.ts';
import { AGENT_TEST_CONFIG, agentMember } from './agent-test-kit.ts';

// Its own stack: the role changes here would leak into other files' tests.
const api = useApi({ config: AGENT_TEST_CONFIG });

describe('agent permissions set by an admin', () => {
  it('refuses a USER creating, changing, copying or deleting agents once the admin takes CREATE away, while reading still works', async () => {
    const admin = await agentMember(api().client(), 'ADMIN');
    const maya = await agentMember(api().client());
    const own = await maya.createAgent();

    const set = await admin.call('PUT', '/api/roles/USER/agents', { CREATE: false });
    expect(set.status).toBe(200);
    const create = await maya.call('POST', '/api/agents', { name: 'Another', provider: 'openAI', model: 'gpt-4o-mini' });
    expect(create.status).toBe(403);
    expect(create.json.message).toBe('Your role cannot create agents');
    expect((await maya.call('PATCH', `/api/agents/${own.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await maya.call('POST', `/api/agents/${own.id}/duplicate`)).status).toBe(403);
    expect((await maya.call('DELETE', `/api/agents/${own.id}`)).status).toBe(403);
    expect((await maya.call<Agent>('GET', `/api/agents/${own.id}`)).json.name).toBe('Research helper');
    // The admin's own role is untouched.
    expect((await admin.call('POST', '/api/agents', { name: 'Admin agent', provider: 'openAI', model: 'gpt-4o-mini' })).status).toBe(200);

    await admin.call('PUT', '/api/roles/USER/agents', { CREATE: true, USE: false });
    expect((await maya.call('GET', '/api/agents')).status).toBe(403);
    expect((await maya.call('GET', `/api/agents/${own.id}`)).status).toBe(403);
    expect((await maya.call('GET', '/api/agents/actions')).status).toBe(403);

    await admin.call('PUT', '/api/roles/USER/agents', { USE: true, SHARED_GLOBAL: true });
    const shared = await maya.call<Agent>('PATCH', `/api/agents/${own.id}`, { projectIds: ['global'] });
    expect(shared.status).toBe(200);
    expect(shared.json.projectIds).toEqual(['global']);
  });
});
