import { detectFragmentType } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { memoryFragments } from './__fixtures__/memory-store.ts';
import { createFragment, updateFragment } from './fragments.ts';
import { weaveFragments } from './weave.ts';

describe('fragment typing rules, in order', () => {
  it.each([
    ['words in quotation marks make a quote', '"Less, but better" said Rams', 'quote'],
    ['curly quotation marks make a quote', 'She said “ship it” and left', 'quote'],
    ['single quotation marks make a quote', "Her motto: 'done is better than perfect'", 'quote'],
    ['an apostrophe inside a word is not a quote', "I can't decide", 'general'],
    ['a curly apostrophe inside a word is not a quote', 'Sam’s plan looks good', 'general'],
    ['a trailing question mark makes a question', 'What would make today lighter?', 'question'],
    ['"tomorrow" makes a todo', 'Draft the agenda tomorrow morning', 'todo'],
    ['"next" makes a todo', 'Book the venue next week', 'todo'],
    ['starting with schedule makes a todo', 'Schedule the retro with the team', 'todo'],
    ['starting with call makes a todo', 'Call Sam about the budget', 'todo'],
    ['starting with email makes a todo', 'Email the slides to Priya', 'todo'],
    ['"I realized" makes an insight', 'I realized the team needs quiet mornings', 'insight'],
    ['"I learned" makes an insight', 'I learned that short meetings work better', 'insight'],
    ['"insight" makes an insight', 'Big insight from the customer interviews', 'insight'],
    ['anything else is general', 'Quiet walk after lunch', 'general'],
  ])('%s', (_rule, content, type) => {
    expect(detectFragmentType(content)).toBe(type);
  });

  it.each([
    ['a quote wins over a question', 'Who said "less is more"?', 'quote'],
    ['an apostrophe leaves a question a question', "Why didn't I ask sooner?", 'question'],
    ['a question wins over a todo', 'Should I call them tomorrow?', 'question'],
    ['a todo wins over an insight', 'I learned to plan the next sprint early', 'todo'],
    ['call, schedule and email count only at the start', 'Remember to call home', 'general'],
    ['"next" counts only as a word', 'The nextgen console arrived', 'general'],
  ])('precedence: %s', (_rule, content, type) => {
    expect(detectFragmentType(content)).toBe(type);
  });
});

describe('capturing and editing fragments', () => {
  it('detects the type, counts words and files the fragment under its theme', async () => {
    const { deps } = memoryFragments();
    const fragment = await createFragment('u1', { content: ' I learned   to listen in meetings ', source: 'manual' }, deps);
    expect(fragment).toMatchObject({ content: 'I learned   to listen in meetings', type: 'insight', wordCount: 6, clusterId: 'communication', tags: [], timestamp: '2026-11-22T10:00:00.000Z' });
    expect(fragment).not.toHaveProperty('typeSetByUser');
  });

  it('re-detects the type on a content change unless the member chose it', async () => {
    const { deps } = memoryFragments();
    const detected = await createFragment('u1', { content: 'Plain note', source: 'manual' }, deps);
    expect((await updateFragment('u1', detected.id, { content: 'Is this a question?' }, deps)).type).toBe('question');
    const chosen = await updateFragment('u1', detected.id, { type: 'todo' }, deps);
    expect((await updateFragment('u1', chosen.id, { content: 'I realized something' }, deps)).type).toBe('todo');
    const typed = await createFragment('u1', { content: 'Plain', type: 'quote', source: 'manual' }, deps);
    expect((await updateFragment('u1', typed.id, { content: 'Still plain?' }, deps)).type).toBe('quote');
  });

  it('answers a retried capture with the first fragment, and finishes one whose save was lost', async () => {
    const { deps, items } = memoryFragments();
    const first = await createFragment('u1', { content: 'Once', source: 'manual', clientRequestId: 'request-1' }, deps);
    expect(await createFragment('u1', { content: 'Once', source: 'manual', clientRequestId: 'request-1' }, deps)).toEqual(first);
    items.delete(`u1/${first.id}`);
    const finished = await createFragment('u1', { content: 'Once', source: 'manual', clientRequestId: 'request-1' }, deps);
    expect(finished.id).toBe(first.id);
    expect(items.size).toBe(1);
  });

  it("does not find another user's fragment to edit", async () => {
    const { deps } = memoryFragments();
    const mine = await createFragment('u1', { content: 'Mine', source: 'manual' }, deps);
    await expect(updateFragment('u2', mine.id, { isPinned: true }, deps)).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('weaving', () => {
  it('saves a reflection naming the chosen fragments once each, in order', async () => {
    const { deps, woven } = memoryFragments();
    const a = await createFragment('u1', { content: 'First', source: 'manual' }, deps);
    const b = await createFragment('u1', { content: 'Second', source: 'manual' }, deps);
    const reflection = await weaveFragments('u1', { fragmentIds: [b.id, a.id, b.id], title: 'Both', body: 'Together' }, deps);
    expect(reflection).toEqual({ id: expect.any(String), title: 'Both', body: 'Together', fragmentIds: [b.id, a.id], createdAt: '2026-11-22T10:00:00.000Z' });
    expect(woven).toEqual([{ userId: 'u1', reflection }]);
  });

  it("refuses, as not found, a weave that includes another user's fragment, and saves nothing", async () => {
    const { deps, woven } = memoryFragments();
    const mine = await createFragment('u1', { content: 'Mine', source: 'manual' }, deps);
    const theirs = await createFragment('u2', { content: 'Theirs', source: 'manual' }, deps);
    const attempt = weaveFragments('u1', { fragmentIds: [mine.id, theirs.id], title: 'Mixed', body: 'No' }, deps);
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ kind: 'not-found' });
    expect(woven).toEqual([]);
  });
});
