import { defaultPermissions, type RoleInfo } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { dbCalls, useApi } from '../api-test-kit.ts';
import { memberWithRole } from './role-test-kit.ts';

const api = useApi();

describe('GET /api/roles/{role}', () => {
  it("gives a member their own role's permissions, the spec's defaults until an admin changes them, in one read", async () => {
    const member = await memberWithRole(api().client(), 'USER');
    const role = await member.call<RoleInfo>('GET', '/api/roles/USER');
    expect(role.status).toBe(200);
    expect(role.json).toEqual({ name: 'USER', permissions: defaultPermissions('USER') });
    expect(role.json.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: true });
    expect(role.json.permissions.RUN_CODE).toEqual({ USE: true });
    expect(dbCalls(role)).toBe(2);
  });

  it("refuses a member another role's table (403) and names a role that does not exist (400)", async () => {
    const member = await memberWithRole(api().client(), 'USER');
    for (const other of ['ADMIN', 'MENTOR']) {
      const refused = await member.call('GET', `/api/roles/${other}`);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('You can only read the permissions of your own role.');
    }
    const mentor = await memberWithRole(api().client(), 'MENTOR');
    expect((await mentor.call('GET', '/api/roles/MENTOR')).status).toBe(200);
    expect((await mentor.call('GET', '/api/roles/USER')).status).toBe(403);
    const unknown = await member.call('GET', '/api/roles/OWNER');
    expect(unknown.status).toBe(400);
    expect(unknown.json.field).toBe('role');
  });

  it('lets an admin read every role, ADMIN with everything allowed', async () => {
    const admin = await memberWithRole(api().client(), 'ADMIN');
    const own = await admin.call<RoleInfo>('GET', '/api/roles/ADMIN');
    expect(own.json.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: true });
    expect(own.json.permissions.TEMPORARY_CHAT).toEqual({ USE: true });
    expect((await admin.call<RoleInfo>('GET', '/api/roles/USER')).json.name).toBe('USER');
    expect((await admin.call<RoleInfo>('GET', '/api/roles/MENTOR')).status).toBe(200);
  });
});

describe('PUT /api/roles/{role}/prompts and /agents', () => {
  it("changes only the types sent, keeps the role's other permissions, and the role's members see it", async () => {
    const client = api().client();
    const admin = await memberWithRole(client, 'ADMIN');
    const mentor = await memberWithRole(client, 'MENTOR');

    const agents = await admin.call<RoleInfo>('PUT', '/api/roles/MENTOR/agents', { CREATE: false });
    expect(agents.status).toBe(200);
    expect(agents.json.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: false });
    expect(dbCalls(agents)).toBe(3); // the admin's profile, then one update returning the stored table

    const prompts = await admin.call<RoleInfo>('PUT', '/api/roles/MENTOR/prompts', { SHARED_GLOBAL: true, USE: false });
    expect(prompts.json.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: false, CREATE: true });
    expect(prompts.json.permissions.AGENTS.CREATE).toBe(false);

    const seen = await mentor.call<RoleInfo>('GET', '/api/roles/MENTOR');
    expect(seen.json.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: false });
    expect(seen.json.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: false, CREATE: true });
    // Other roles are untouched.
    expect((await admin.call<RoleInfo>('GET', '/api/roles/USER')).json.permissions).toEqual(defaultPermissions('USER'));

    const back = await admin.call<RoleInfo>('PUT', '/api/roles/MENTOR/agents', { CREATE: true });
    expect(back.json.permissions.AGENTS.CREATE).toBe(true);
  });

  it('is for admins only: a member is refused (403) even for their own role, and nothing changes', async () => {
    const member = await memberWithRole(api().client(), 'USER');
    const refused = await member.call('PUT', '/api/roles/USER/agents', { CREATE: false });
    expect(refused.status).toBe(403);
    expect((await member.call<RoleInfo>('GET', '/api/roles/USER')).json.permissions.AGENTS.CREATE).toBe(true);
  });

  it('refuses an empty change, a permission type the route does not set, and a value that is not a boolean (400)', async () => {
    const admin = await memberWithRole(api().client(), 'ADMIN');
    const empty = await admin.call('PUT', '/api/roles/USER/prompts', {});
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('Send at least one permission to change');
    const unknownType = await admin.call('PUT', '/api/roles/USER/prompts', { SHARE: true });
    expect(unknownType.status).toBe(400);
    expect((await admin.call('PUT', '/api/roles/USER/agents', { USE: 'yes' })).status).toBe(400);
    expect((await admin.call('PUT', '/api/roles/OWNER/agents', { USE: true })).status).toBe(400);
  });
});
