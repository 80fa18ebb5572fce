import { describe, expect, it } from 'vitest';
import { compassViewQuery, createInteractionBody, listInteractionsQuery, updateInteractionBody } from './interactions.ts';

const mood = {
  kind: 'compass',
  promptText: 'How is your mood?',
  numericAnswer: 70,
  captureMethod: 'slider',
  interactionMeta: { type: 'mood' },
  date: '2026-11-22',
};

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : undefined;
}

describe('createInteractionBody', () => {
  it('accepts a slider answer and a text answer', () => {
    expect(createInteractionBody.safeParse(mood).success).toBe(true);
    const evening = { ...mood, kind: 'reflection', numericAnswer: undefined, responseText: 'Good day.', captureMethod: 'text', interactionMeta: { type: 'evening-reflection' } };
    expect(createInteractionBody.safeParse(evening).success).toBe(true);
  });

  it('names numericAnswer when a slider value is out of range, off-step or missing', () => {
    for (const numericAnswer of [101, 72, undefined]) {
      expect(firstIssue(createInteractionBody.safeParse({ ...mood, numericAnswer }))?.field).toBe('numericAnswer');
    }
  });

  it('says "unknown kind" for a kind outside the list', () => {
    expect(firstIssue(createInteractionBody.safeParse({ ...mood, kind: 'journal' }))).toMatchObject({ field: 'kind', message: expect.stringMatching(/^unknown kind/) });
    expect(firstIssue(createInteractionBody.safeParse({ ...mood, kind: undefined }))).toEqual({ field: 'kind', message: 'kind is required' });
  });

  it('refuses a date that is not a real calendar day', () => {
    expect(firstIssue(createInteractionBody.safeParse({ ...mood, date: '2026-02-29' }))?.field).toBe('date');
    expect(createInteractionBody.safeParse({ ...mood, date: '2028-02-29' }).success).toBe(true);
  });

  it('refuses a client request id with characters outside letters, digits, dashes and underscores', () => {
    expect(firstIssue(createInteractionBody.safeParse({ ...mood, clientRequestId: 'a b' }))?.field).toBe('clientRequestId');
  });
});

describe('updateInteractionBody and queries', () => {
  it('takes a partial change, interactionMeta included', () => {
    expect(updateInteractionBody.safeParse({ interactionMeta: { generatedSummary: 'Calm.' } }).success).toBe(true);
  });

  it('defaults the list to the 20 newest and caps the limit at 100', () => {
    expect(listInteractionsQuery.parse({})).toEqual({ limit: 20, sortBy: 'capturedAt', sortDirection: 'desc' });
    expect(listInteractionsQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('leaves the compass date optional', () => {
    expect(compassViewQuery.parse({})).toEqual({});
  });
});
