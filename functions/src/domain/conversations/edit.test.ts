import type { Conversation, Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchedTree } from './__fixtures__/branched-tree.ts';
import { changeConversation, editMessage } from './edit.ts';

const now = new Date('2026-02-01T12:00:00.000Z');
const reply: Message = {
  ...branchedTree()[1]!,
  text: 'Start at Belém. Then Alfama.',
  tokenCount: 12,
  content: [
    { type: 'think', think: 'They like history.' },
    { type: 'text', text: 'Start at Belém.' },
    { type: 'tool_call', tool_call: { name: 'maps' } },
    { type: 'text', text: 'Then Alfama.' },
  ],
};

describe('editing a message', () => {
  it('replaces the text, stamps updatedAt and drops the token count that described the old text', () => {
    const edited = editMessage({ ...reply, content: undefined }, { text: 'Just Alfama.' }, now);
    expect(edited).toMatchObject({ text: 'Just Alfama.', updatedAt: now.toISOString(), createdAt: reply.createdAt });
    expect(edited).not.toHaveProperty('tokenCount');
  });

  it('with an index, edits that text part and rebuilds the text from the text parts', () => {
    const edited = editMessage(reply, { text: 'Start at Sintra.', index: 1 }, now);
    expect(edited.content).toEqual([reply.content![0], { type: 'text', text: 'Start at Sintra.' }, reply.content![2], reply.content![3]]);
    expect(edited.text).toBe('Start at Sintra.\n\nThen Alfama.');
  });

  it('reads assistant-style text parts ({ text: { value } }) when rebuilding the text', () => {
    const assistant = { ...reply, content: [{ type: 'text', text: { value: 'Hello.' } }, { type: 'text', text: 'Bye.' }] };
    expect(editMessage(assistant, { text: 'Goodbye.', index: 1 }, now).text).toBe('Hello.\n\nGoodbye.');
  });

  it('refuses an index past the parts, or one pointing at a part that is not text', () => {
    expect(() => editMessage(reply, { text: 'x', index: 9 }, now)).toThrow(expect.objectContaining({ kind: 'invalid', field: 'index' }));
    expect(() => editMessage(reply, { text: 'x', index: 2 }, now)).toThrow(expect.objectContaining({ kind: 'invalid', field: 'index' }));
  });

  it('edits the text when an index comes for a message without parts', () => {
    expect(editMessage({ ...reply, content: [] }, { text: 'Plain.', index: 0 }, now).text).toBe('Plain.');
  });
});

describe('changing a conversation', () => {
  const conversation: Conversation = {
    conversationId: 'c1', title: 'Lisbon', user: 'u1', isArchived: false, tags: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
  };

  it('renames or archives and moves updatedAt to now', () => {
    expect(changeConversation(conversation, { title: 'Porto' }, now)).toEqual({ ...conversation, title: 'Porto', updatedAt: now.toISOString() });
    expect(changeConversation(conversation, { isArchived: true }, now)).toEqual({ ...conversation, isArchived: true, updatedAt: now.toISOString() });
  });
});
