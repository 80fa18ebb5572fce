import type { PromptGroup } from '@meld/shared';
import { describe, expect, it, vi } from 'vitest';
import type { PromptActor, PromptStore } from './access.ts';
import { createGroup, updateGroup } from './groups.ts';

const group: PromptGroup = {
  groupId: 'g1',
  name: 'Standup',
  oneliner: '',
  category: null,
  command: 'standup',
  author: 'u1',
  authorName: 'Ada',
  projectIds: [],
  productionId: 'p1',
  productionPrompt: { prompt: 'Yesterday, today', type: 'text' },
  numberOfGenerations: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const actor: PromptActor = { userId: 'u1', displayName: async () => 'Ada', require: async () => {} };

function fakeStore(saved: boolean) {
  return {
    getOwnGroup: vi.fn(async () => group),
    getSharedGroup: vi.fn(async () => undefined),
    claimCommand: vi.fn(async () => true),
    releaseCommand: vi.fn(async () => {}),
    saveGroup: vi.fn(async () => saved),
  } as unknown as PromptStore & Record<'claimCommand' | 'releaseCommand' | 'saveGroup', ReturnType<typeof vi.fn>>;
}

describe('changing a group command', () => {
  it('claims the new command before saving and releases the old one after', async () => {
    const store = fakeStore(true);
    const next = await updateGroup(actor, 'g1', { command: 'daily' }, { store, now: new Date('2026-02-01T00:00:00Z'), newId: () => 'x' });
    expect(next.command).toBe('daily');
    expect(store.claimCommand).toHaveBeenCalledWith('u1', 'daily', 'g1');
    expect(store.releaseCommand).toHaveBeenCalledWith('u1', 'standup', 'g1');
    expect(store.claimCommand.mock.invocationCallOrder[0]).toBeLessThan(store.saveGroup.mock.invocationCallOrder[0]!);
  });

  it('gives the new command back and answers 404 when the group was deleted meanwhile', async () => {
    const store = fakeStore(false);
    await expect(updateGroup(actor, 'g1', { command: 'daily' }, { store, now: new Date(), newId: () => 'x' })).rejects.toMatchObject({ kind: 'not-found' });
    expect(store.releaseCommand).toHaveBeenCalledWith('u1', 'daily', 'g1');
    expect(store.releaseCommand).not.toHaveBeenCalledWith('u1', 'standup', 'g1');
  });
});

describe('creating a group with a command', () => {
  it('gives the command back when the write fails, so trying again is not a 409', async () => {
    const store = { ...fakeStore(true), countOwnGroups: vi.fn(async () => 0), putVersion: vi.fn(async () => {}), createGroup: vi.fn(async () => Promise.reject(new Error('throttled'))) } as unknown as PromptStore & Record<'releaseCommand', ReturnType<typeof vi.fn>>;
    await expect(createGroup(actor, { group: { name: 'Standup', command: 'standup' }, prompt: { prompt: 'Go', type: 'text' } }, { store, now: new Date(), newId: () => 'g9' })).rejects.toThrow('throttled');
    expect(store.releaseCommand).toHaveBeenCalledWith('u1', 'standup', 'g9');
  });
});
