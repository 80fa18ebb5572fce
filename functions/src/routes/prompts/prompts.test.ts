import type { Prompt, PromptGroup } from '@meld/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbCalls, useApi, type Member } from '../api-test-kit.ts';
import { createGroup, signUp, type Created } from './prompt-test-kit.ts';

const api = useApi();
let ada: Member;
let grace: Member;

beforeAll(async () => {
  ada = await signUp(api().client());
  grace = await signUp(api().client());
});

describe('creating a prompt', () => {
  it('creates a group whose first version is its production version', async () => {
    const { prompt, group } = await createGroup(ada, { name: 'Release notes', oneliner: 'From a diff', category: 'write', command: 'release-notes' });
    expect(prompt).toEqual({
      promptId: expect.any(String),
      groupId: group.groupId,
      author: ada.userId,
      prompt: 'Summarise {{topic}} for {{audience}}.',
      type: 'text',
      labels: [],
      createdAt: expect.any(String),
      updatedAt: prompt.createdAt,
    });
    expect(group).toMatchObject({
      name: 'Release notes',
      oneliner: 'From a diff',
      category: 'write',
      command: 'release-notes',
      author: ada.userId,
      authorName: 'Maya Angelou',
      projectIds: [],
      productionId: prompt.promptId,
      productionPrompt: { prompt: prompt.prompt, type: 'text' },
      numberOfGenerations: 0,
    });
    const fetched = await ada.call<PromptGroup>('GET', `/api/prompts/groups/${group.groupId}`);
    expect(fetched.json).toEqual(group);
  });

  it('refuses a second group with the same command with a 409 naming it', async () => {
    await createGroup(ada, { name: 'Standup', command: 'standup' });
    const again = await ada.call<{ message: string; field: string }>('POST', '/api/prompts', { prompt: { prompt: 'Yesterday, today' }, group: { name: 'Other', command: 'standup' } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ field: 'command', message: 'The command /standup is already used by another of your prompts.' });
    // Commands are per user: another member may use the same one.
    expect((await createGroup(grace, { name: 'Her standup', command: 'standup' })).group.command).toBe('standup');
  });

  it.each([
    [{ prompt: { prompt: 'x' }, group: { name: 'n'.repeat(101) } }, 'group.name', 'name must be at most 100 characters'],
    [{ prompt: { prompt: 'x' }, group: { name: 'ok', command: 'c'.repeat(57) } }, 'group.command', 'command must be at most 56 characters'],
    [{ prompt: { prompt: 'x' }, group: { name: 'ok', command: 'Has Spaces' } }, 'group.command', 'command may hold only lower-case letters, digits and hyphens'],
    [{ prompt: { prompt: '   ' }, group: { name: 'ok' } }, 'prompt.prompt', 'prompt cannot be empty'],
    [{ prompt: { prompt: 'p'.repeat(20_001) }, group: { name: 'ok' } }, 'prompt.prompt', 'prompt must be at most 20000 characters'],
    [{ prompt: { prompt: 'x', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, group: { name: 'ok' } }, 'prompt.labels', 'At most 10 labels'],
    [{ prompt: { prompt: 'x' }, group: { name: 'ok', category: 'gardening' } }, 'group.category', 'category must be one of idea, travel, teach_or_explain, write, shop, code, misc, roleplay, finance'],
    [{ prompt: { prompt: 'x' } }, 'group', 'Send either group (a new group) or groupId (a new version)'],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const refused = await ada.call<{ field: string; message: string }>('POST', '/api/prompts', body);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field, message });
  });
});

describe('versions', () => {
  let created: Created;
  beforeAll(async () => {
    created = await createGroup(ada, { name: 'Code review' }, 'Review this {{language}} code.');
  });

  it('adds versions, lists them newest first and makes one production', async () => {
    const added = await ada.call<Created>('POST', '/api/prompts', { groupId: created.group.groupId, prompt: { prompt: 'Review this {{language}} code strictly.', labels: ['strict'] } });
    expect(added.status).toBe(200);
    expect(added.json.group.productionId).toBe(created.prompt.promptId);
    const listed = await ada.call<Prompt[]>('GET', `/api/prompts?groupId=${created.group.groupId}`);
    expect(listed.json.map((version) => version.promptId)).toEqual([added.json.prompt.promptId, created.prompt.promptId]);

    const production = await ada.call<PromptGroup>('PATCH', `/api/prompts/${added.json.prompt.promptId}/tags/production`);
    expect(production.status).toBe(200);
    expect(production.json).toMatchObject({ productionId: added.json.prompt.promptId, productionPrompt: { prompt: 'Review this {{language}} code strictly.' } });
    expect((await ada.call<PromptGroup>('GET', `/api/prompts/groups/${created.group.groupId}`)).json.productionId).toBe(added.json.prompt.promptId);
  });

  it('replaces a version\'s labels and reads the version back', async () => {
    const labelled = await ada.call<Prompt>('PATCH', `/api/prompts/${created.prompt.promptId}/labels`, { labels: ['draft', 'team', 'draft'] });
    expect(labelled.status).toBe(200);
    expect(labelled.json.labels).toEqual(['draft', 'team']);
    expect((await ada.call<Prompt>('GET', `/api/prompts/${created.prompt.promptId}`)).json.labels).toEqual(['draft', 'team']);
    const tooLong = await ada.call<{ field: string }>('PATCH', `/api/prompts/${created.prompt.promptId}/labels`, { labels: ['l'.repeat(41)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.field).toBe('labels.0');
  });

  it('hands production to the newest version left when the production version is deleted, and deletes the group with its last version', async () => {
    const { prompt: first, group } = await createGroup(ada, { name: 'Short-lived', command: 'short-lived' }, 'First');
    const second = (await ada.call<Created>('POST', '/api/prompts', { groupId: group.groupId, prompt: { prompt: 'Second' }, makeProduction: true })).json;
    expect(second.group.productionId).toBe(second.prompt.promptId);

    const removed = await ada.call<{ groupDeleted: boolean; group: PromptGroup }>('DELETE', `/api/prompts/${second.prompt.promptId}`);
    expect(removed.json).toMatchObject({ groupDeleted: false, group: { productionId: first.promptId, productionPrompt: { prompt: 'First' } } });

    const last = await ada.call<{ groupDeleted: boolean }>('DELETE', `/api/prompts/${first.promptId}`);
    expect(last.json.groupDeleted).toBe(true);
    expect((await ada.call('GET', `/api/prompts/groups/${group.groupId}`)).status).toBe(404);
    // Its command is free again.
    expect((await createGroup(ada, { name: 'Reborn', command: 'short-lived' })).group.command).toBe('short-lived');
  });
});

describe("another user's prompts", () => {
  it('answers 404 for every route on a private group or version', async () => {
    const { prompt, group } = await createGroup(ada, { name: 'Private thoughts' });
    const attempts = await Promise.all([
      grace.call('GET', `/api/prompts/groups/${group.groupId}`),
      grace.call('PATCH', `/api/prompts/groups/${group.groupId}`, { name: 'Mine now' }),
      grace.call('DELETE', `/api/prompts/groups/${group.groupId}`),
      grace.call('GET', `/api/prompts?groupId=${group.groupId}`),
      grace.call('GET', `/api/prompts/${prompt.promptId}`),
      grace.call('DELETE', `/api/prompts/${prompt.promptId}`),
      grace.call('PATCH', `/api/prompts/${prompt.promptId}/tags/production`),
      grace.call('PATCH', `/api/prompts/${prompt.promptId}/labels`, { labels: ['x'] }),
      grace.call('POST', '/api/prompts', { groupId: group.groupId, prompt: { prompt: 'sneaky' } }),
    ]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(Array(9).fill(404));
    expect((await ada.call<PromptGroup>('GET', `/api/prompts/groups/${group.groupId}`)).json.name).toBe('Private thoughts');
    const all = await grace.call<PromptGroup[]>('GET', '/api/prompts/all');
    expect(all.json.map((listed) => listed.groupId)).not.toContain(group.groupId);
  });
});

describe('editing a group', () => {
  it('changes name, one-liner, category and command, releasing the old command', async () => {
    const { group } = await createGroup(ada, { name: 'Draft email', command: 'draft-email' });
    const changed = await ada.call<PromptGroup>('PATCH', `/api/prompts/groups/${group.groupId}`, { name: 'Polite email', oneliner: 'Warm and brief', category: 'write', command: 'polite-email' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ name: 'Polite email', oneliner: 'Warm and brief', category: 'write', command: 'polite-email' });
    expect((await createGroup(ada, { name: 'Took the old one', command: 'draft-email' })).group.command).toBe('draft-email');
    const clash = await ada.call<{ field: string }>('PATCH', `/api/prompts/groups/${group.groupId}`, { command: 'draft-email' });
    expect(clash.status).toBe(409);
    const empty = await ada.call<{ message: string }>('PATCH', `/api/prompts/groups/${group.groupId}`, {});
    expect(empty.status).toBe(400);
  });

  it('deletes a group with its versions', async () => {
    const { prompt, group } = await createGroup(ada, { name: 'Gone soon' });
    const deleted = await ada.call('DELETE', `/api/prompts/groups/${group.groupId}`);
    expect(deleted.json).toEqual({ groupId: group.groupId, deleted: true });
    expect((await ada.call('GET', `/api/prompts/${prompt.promptId}`)).status).toBe(404);
  });

  it('refuses to share globally without SHARED_GLOBAL', async () => {
    const { group } = await createGroup(ada, { name: 'Keep to myself' });
    const shared = await ada.call<{ message: string }>('PATCH', `/api/prompts/groups/${group.groupId}`, { projectIds: ['global'] });
    expect(shared.status).toBe(403);
    expect(shared.json.message).toBe('Your role cannot share prompts with everyone');
    const createdShared = await ada.call('POST', '/api/prompts', { prompt: { prompt: 'x' }, group: { name: 'Shared at birth', projectIds: ['global'] } });
    expect(createdShared.status).toBe(403);
  });
});

describe('listing groups', () => {
  it('pages through the groups by the page size, newest change first, with name search and category filter', async () => {
    const member = await signUp(api().client());
    for (const [index, category] of ['code', 'code', 'write', 'code'].entries()) await createGroup(member, { name: `Snippet ${index} ${category}`, category });
    const first = await member.call<{ promptGroups: PromptGroup[]; nextCursor: string | null }>('GET', '/api/prompts/groups?pageSize=3');
    expect(first.json.promptGroups.map((group) => group.name)).toEqual(['Snippet 3 code', 'Snippet 2 write', 'Snippet 1 code']);
    expect(first.json.nextCursor).not.toBeNull();
    const second = await member.call<{ promptGroups: PromptGroup[]; nextCursor: string | null }>('GET', `/api/prompts/groups?pageSize=3&cursor=${first.json.nextCursor}`);
    expect(second.json).toEqual({ promptGroups: [expect.objectContaining({ name: 'Snippet 0 code' })], nextCursor: null });

    const coded = await member.call<{ promptGroups: PromptGroup[] }>('GET', '/api/prompts/groups?category=code&name=SNIPPET%201');
    expect(coded.json.promptGroups.map((group) => group.name)).toEqual(['Snippet 1 code']);
    // The default page is 10 (spec 000 section 9); two queries whatever the page.
    const defaults = await member.call<{ promptGroups: PromptGroup[] }>('GET', '/api/prompts/groups');
    expect(defaults.json.promptGroups).toHaveLength(4);
    expect(dbCalls(defaults)).toBeLessThanOrEqual(5);
  });

  it('refuses a bad cursor or page size with a 400 naming the field', async () => {
    expect((await ada.call<{ field: string }>('GET', '/api/prompts/groups?cursor=abc')).json.field).toBe('cursor');
    expect((await ada.call<{ field: string }>('GET', '/api/prompts/groups?pageSize=101')).json.field).toBe('pageSize');
  });

  it('lists the fixed categories', async () => {
    const categories = await ada.call<{ label: string; value: string }[]>('GET', '/api/categories');
    expect(categories.json.map((category) => category.value)).toEqual(['idea', 'travel', 'teach_or_explain', 'write', 'shop', 'code', 'misc', 'roleplay', 'finance']);
    expect(categories.json[2]).toEqual({ label: 'Teach or explain', value: 'teach_or_explain' });
  });
});
