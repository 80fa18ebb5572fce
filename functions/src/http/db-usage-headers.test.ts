import { describe, expect, it } from 'vitest';
import { dbCalls, dbCapacity, registerMember, useApi } from '../routes/api-test-kit.ts';

const api = useApi();

describe('DynamoDB usage headers (local and test runs only)', () => {
  it('report the calls and capacity units of the request that made them', async () => {
    const client = api().client();
    const { token } = await registerMember(client);
    const headers = { authorization: `Bearer ${token}` };

    const user = await client.request('GET', '/api/user', { headers });
    expect(dbCalls(user)).toBe(2);
    // The session's standing (http/auth.ts), then the profile.
    expect(dbCapacity(user)).toEqual({ read: 1, write: 0 });

    const preset = await client.request('POST', '/api/presets', { headers, json: { title: 'Mine', endpoint: 'openAI', model: 'gpt-4o-mini' } });
    expect(preset.status).toBe(200);
    expect(dbCapacity(preset)).toEqual({ read: 0.5, write: 1 });
  });
});
