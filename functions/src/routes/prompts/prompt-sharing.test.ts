import type { Prompt, PromptGroup } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexesSettled, useApi, type Member } from '../api-test-kit.ts';
import { createGroup, signUp, signUpAdminMember, type Created } from './prompt-test-kit.ts';

const api = useApi();
let admin: Member;
let member: Member;
let shared: Created;

beforeAll(async () => {
  admin = await signUpAdminMember(api().client());
  member = await signUp(api().client());
  shared = await createGroup(admin, { name: 'Team retro', command: 'retro', projectIds: ['global'] }, 'Run a retro for {{team}}.');
  // Others find a shared group through the shared indexes, which in AWS follow the write within a second.
  await indexesSettled();
});

describe('a globally shared group', () => {
  it('is readable by everyone: the group, its versions, and in the lists', async () => {
    expect(shared.group.projectIds).toEqual(['global']);
    expect((await member.call<PromptGroup>('GET', `/api/prompts/groups/${shared.group.groupId}`)).json.name).toBe('Team retro');
    expect((await member.call<Prompt>('GET', `/api/prompts/${shared.prompt.promptId}`)).json.prompt).toBe('Run a retro for {{team}}.');
    expect((await member.call<Prompt[]>('GET', `/api/prompts?groupId=${shared.group.groupId}`)).json).toHaveLength(1);
    const all = await member.call<PromptGroup[]>('GET', '/api/prompts/all');
    expect(all.json.map((group) => group.groupId)).toContain(shared.group.groupId);
    const page = await member.call<{ promptGroups: PromptGroup[] }>('GET', '/api/prompts/groups?name=retro');
    expect(page.json.promptGroups.map((group) => group.groupId)).toEqual([shared.group.groupId]);
  });

  it('is not editable by others (403), while the author still may', async () => {
    const attempts = await Promise.all([
      member.call('PATCH', `/api/prompts/groups/${shared.group.groupId}`, { name: 'Hijacked' }),
      member.call('DELETE', `/api/prompts/groups/${shared.group.groupId}`),
      member.call('DELETE', `/api/prompts/${shared.prompt.promptId}`),
      member.call('PATCH', `/api/prompts/${shared.prompt.promptId}/labels`, { labels: ['x'] }),
      member.call('PATCH', `/api/prompts/${shared.prompt.promptId}/tags/production`),
      member.call('POST', '/api/prompts', { groupId: shared.group.groupId, prompt: { prompt: 'mine' } }),
    ]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(Array(6).fill(403));
    const renamed = await admin.call<PromptGroup>('PATCH', `/api/prompts/groups/${shared.group.groupId}`, { oneliner: 'Start, stop, continue' });
    expect(renamed.json).toMatchObject({ name: 'Team retro', oneliner: 'Start, stop, continue', projectIds: ['global'] });
  });

  it('counts each use, by anyone who may read it', async () => {
    const used = await member.call<PromptGroup>('POST', `/api/prompts/groups/${shared.group.groupId}/use`);
    expect(used.status).toBe(200);
    const again = await admin.call<PromptGroup>('POST', `/api/prompts/groups/${shared.group.groupId}/use`);
    expect(again.json.numberOfGenerations).toBe(used.json.numberOfGenerations + 1);
    // An edit keeps the count.
    await admin.call('PATCH', `/api/prompts/groups/${shared.group.groupId}`, { category: 'idea' });
    expect((await member.call<PromptGroup>('GET', `/api/prompts/groups/${shared.group.groupId}`)).json.numberOfGenerations).toBe(again.json.numberOfGenerations);
    const { group: hidden } = await createGroup(admin, { name: 'Not for others' });
    expect((await member.call('POST', `/api/prompts/groups/${hidden.groupId}/use`)).status).toBe(404);
  });

  it('shows up for discovery in /random, paged by limit and skip', async () => {
    const second = await createGroup(admin, { name: 'Interview prep', projectIds: ['global'] });
    await indexesSettled();
    const both = await member.call<{ prompts: PromptGroup[] }>('GET', '/api/prompts/random?limit=10');
    expect(both.json.prompts.map((group) => group.groupId).sort()).toEqual([shared.group.groupId, second.group.groupId].sort());
    const [firstOne] = (await member.call<{ prompts: PromptGroup[] }>('GET', '/api/prompts/random?limit=1')).json.prompts;
    const [nextOne] = (await member.call<{ prompts: PromptGroup[] }>('GET', '/api/prompts/random?limit=1&skip=1')).json.prompts;
    expect(new Set([firstOne!.groupId, nextOne!.groupId]).size).toBe(2);
    expect((await member.call<{ field: string }>('GET', '/api/prompts/random?limit=51')).json.field).toBe('limit');
    await admin.call('DELETE', `/api/prompts/groups/${second.group.groupId}`);
  });

  it('leaves the shared lists once unshared, and is then a 404 for others', async () => {
    const { group } = await createGroup(admin, { name: 'Briefly public', projectIds: ['global'] });
    await indexesSettled();
    expect((await member.call('GET', `/api/prompts/groups/${group.groupId}`)).status).toBe(200);
    const unshared = await admin.call<PromptGroup>('PATCH', `/api/prompts/groups/${group.groupId}`, { removeProjectIds: ['global'] });
    expect(unshared.json.projectIds).toEqual([]);
    // At once, though the index still holds the shared copy: the group itself is read consistently.
    expect((await member.call('GET', `/api/prompts/groups/${group.groupId}`)).status).toBe(404);
    await indexesSettled();
    const random = await member.call<{ prompts: PromptGroup[] }>('GET', '/api/prompts/random?limit=50');
    expect(random.json.prompts.map((listed) => listed.groupId)).not.toContain(group.groupId);
  });
});

describe('permissions set by an admin', () => {
  it('refuses creating and editing with 403 once USER loses CREATE, and every read once it loses USE', async () => {
    const { prompt, group } = await createGroup(member, { name: 'Before the change' });
    expect((await admin.call('PUT', '/api/roles/USER/prompts', { CREATE: false })).status).toBe(200);
    const refused = await Promise.all([
      member.call('POST', '/api/prompts', { prompt: { prompt: 'x' }, group: { name: 'After' } }),
      member.call('POST', '/api/prompts', { groupId: group.groupId, prompt: { prompt: 'x' } }),
      member.call('PATCH', `/api/prompts/groups/${group.groupId}`, { name: 'Renamed' }),
      member.call('DELETE', `/api/prompts/groups/${group.groupId}`),
      member.call('DELETE', `/api/prompts/${prompt.promptId}`),
      member.call('PATCH', `/api/prompts/${prompt.promptId}/labels`, { labels: [] }),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual(Array(6).fill(403));
    expect((refused[0]!.json as { message: string }).message).toBe('Your role cannot create prompts');
    // Reading is USE, still allowed.
    expect((await member.call('GET', `/api/prompts/groups/${group.groupId}`)).status).toBe(200);

    expect((await admin.call('PUT', '/api/roles/USER/prompts', { USE: false })).status).toBe(200);
    const reads = await Promise.all([member.call('GET', '/api/prompts/all'), member.call('GET', '/api/prompts/groups'), member.call('GET', `/api/prompts/${prompt.promptId}`)]);
    expect(reads.map((answer) => answer.status)).toEqual([403, 403, 403]);
    // An admin's own role is untouched.
    expect((await admin.call('GET', '/api/prompts/all')).status).toBe(200);
    await admin.call('PUT', '/api/roles/USER/prompts', { CREATE: true, USE: true });
  });
});
