import type { CreateInteractionBody } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { DomainError } from '../errors.ts';
import type { InteractionDeps } from './deps.ts';
import { applyInteractionChange, createInteraction, updateInteraction } from './interactions.ts';

const body: CreateInteractionBody = {
  kind: 'compass',
  promptText: 'How is your mood?',
  numericAnswer: 70,
  captureMethod: 'slider',
  interactionMeta: { type: 'mood', scale: 100 },
  date: '2026-11-22',
  clientRequestId: 'req-1',
};

/** An in-memory store with the same claim and conditional-insert rules as the table. */
function memoryStore(options: { failFirstInsert?: boolean } = {}) {
  const items = new Map<string, StoredInteraction>();
  const claims = new Map<string, string>();
  let ids = 0;
  let failInsert = options.failFirstInsert ?? false;
  const deps: Pick<InteractionDeps, 'newId' | 'insertInteraction' | 'getInteraction' | 'claimInteractionRequest'> = {
    newId: () => `id-${++ids}`,
    insertInteraction: async (_userId, interaction) => {
      if (failInsert) {
        failInsert = false;
        throw new Error('network');
      }
      if (items.has(interaction._id)) return false;
      items.set(interaction._id, interaction);
      return true;
    },
    getInteraction: async (_userId, id) => items.get(id),
    claimInteractionRequest: async (_userId, requestId, id) => {
      const claimed = claims.get(requestId);
      if (claimed) return claimed;
      claims.set(requestId, id);
      return undefined;
    },
  };
  return { deps: deps as InteractionDeps, items };
}

const now = new Date('2026-11-22T08:00:00Z');

describe('createInteraction', () => {
  it('answers a retry with the first save instead of a second interaction', async () => {
    const { deps, items } = memoryStore();
    const first = await createInteraction('u1', body, now, deps);
    const retry = await createInteraction('u1', { ...body, numericAnswer: 90 }, new Date('2026-11-22T08:00:05Z'), deps);
    expect(retry).toEqual(first);
    expect(items.size).toBe(1);
  });

  it('finishes the save when the first request died after claiming the id', async () => {
    const { deps, items } = memoryStore({ failFirstInsert: true });
    await expect(createInteraction('u1', body, now, deps)).rejects.toThrow('network');
    const retry = await createInteraction('u1', body, now, deps);
    expect(retry._id).toBe('id-1');
    expect(items.size).toBe(1);
  });

  it('saves twice without a client request id', async () => {
    const { deps, items } = memoryStore();
    const { clientRequestId: _omit, ...plain } = body;
    await createInteraction('u1', plain, now, deps);
    await createInteraction('u1', plain, now, deps);
    expect(items.size).toBe(2);
  });
});

describe('applyInteractionChange', () => {
  const current: StoredInteraction = { ...body, _id: 'a', capturedAt: '2026-11-22T08:00:00.000Z', updatedAt: '2026-11-22T08:00:00.000Z' };

  it('merges interactionMeta so a summary can be added on its own', () => {
    const evening: StoredInteraction = { ...current, kind: 'reflection', captureMethod: 'text', numericAnswer: undefined, responseText: 'A day.', interactionMeta: { type: 'evening-reflection', generatedQuestion: 'What happened?' } };
    const next = applyInteractionChange(evening, { interactionMeta: { generatedSummary: 'Summary.' } }, new Date('2026-11-22T20:00:00Z'));
    expect(next.interactionMeta).toEqual({ type: 'evening-reflection', generatedQuestion: 'What happened?', generatedSummary: 'Summary.' });
    expect(next.responseText).toBe('A day.');
    expect(next.updatedAt).toBe('2026-11-22T20:00:00.000Z');
  });

  it('refuses a change that leaves a note without text, naming responseText', () => {
    const note: StoredInteraction = { ...current, interactionMeta: { type: 'note' }, responseText: 'x' };
    const attempt = () => applyInteractionChange(note, { responseText: '   ' }, now);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ kind: 'invalid', field: 'responseText' }));
  });

  it('moves updatedAt forward even when the clock did not', () => {
    expect(applyInteractionChange(current, { numericAnswer: 75 }, now).updatedAt > current.updatedAt).toBe(true);
  });
});

describe('updateInteraction', () => {
  const stored: StoredInteraction = { ...body, _id: 'a', capturedAt: '2026-11-21T08:00:00.000Z', updatedAt: '2026-11-21T08:00:00.000Z' };
  /** The store's read-change-write, keeping what the change returned. */
  function oneItemStore() {
    let item = stored;
    const deps: Pick<InteractionDeps, 'updateInteraction'> = {
      updateInteraction: async (_userId, _id, change) => (item = change(item)),
    };
    return { deps, saved: () => item };
  }

  it('shows the guard the changed and the stored interaction, and saves nothing when it refuses', async () => {
    const { deps, saved } = oneItemStore();
    const seen: [number | undefined, number | undefined][] = [];
    const refusal = new DomainError('invalid', 'VALIDATION_ERROR', 'Past days are read-only.', 'date');
    const guard = (next: StoredInteraction, current: StoredInteraction) => {
      seen.push([next.numericAnswer, current.numericAnswer]);
      throw refusal;
    };
    await expect(updateInteraction('u1', 'a', { numericAnswer: 40 }, now, deps, guard)).rejects.toBe(refusal);
    expect(seen).toEqual([[40, 70]]);
    expect(saved()).toBe(stored);
  });

  it('applies the change without a guard', async () => {
    const { deps } = oneItemStore();
    expect((await updateInteraction('u1', 'a', { numericAnswer: 40 }, now, deps)).numericAnswer).toBe(40);
  });
});
