import { NO_PARENT, type Message } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { branchTo, toTurns } from './history.ts';

function message(messageId: string, parentMessageId: string, text: string, isCreatedByUser: boolean, extra: Partial<Message> = {}): Message {
  return { messageId, parentMessageId, text, isCreatedByUser, conversationId: 'c1', sender: isCreatedByUser ? 'User' : 'demo', createdAt: '', updatedAt: '', ...extra };
}

describe('branchTo', () => {
  const root = message('u1', NO_PARENT, 'hi', true);
  const replyA = message('a1', 'u1', 'hello A', false);
  const replyB = message('b1', 'u1', 'hello B', false);
  const next = message('u2', 'b1', 'and then?', true);

  it('follows parent links from the leaf to the root, oldest first, leaving sibling branches out', () => {
    expect(branchTo([root, replyA, replyB, next], next).map((m) => m.messageId)).toEqual(['u1', 'b1', 'u2']);
  });

  it('stops at a cycle instead of looping', () => {
    const x = message('x', 'y', 'x', true);
    const y = message('y', 'x', 'y', false);
    expect(branchTo([x, y], x).map((m) => m.messageId)).toEqual(['y', 'x']);
  });
});

describe('toTurns', () => {
  it('puts the prompt prefix first, then the branch, skipping failed replies', () => {
    const branch = [message('u1', NO_PARENT, 'hi', true), message('a1', 'u1', 'boom', false, { error: true }), message('u2', 'a1', 'again', true)];
    expect(toTurns({ promptPrefix: ' Be brief. ', system: 'ignored' }, branch)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'again' },
    ]);
  });

  it('keeps a reply whose words live only in its content parts, leaving its reasoning out', () => {
    const agentReply = message('a1', 'u1', '', false, {
      content: [
        { type: 'think', think: 'The user wants a list.' },
        { type: 'text', text: 'First, flour.' },
        { type: 'tool_call', tool_call: { name: 'search' } },
        { type: 'text', text: { value: 'Then, water.', annotations: [] } },
      ],
    });
    const branch = [message('u1', NO_PARENT, 'How do I bake bread?', true), agentReply, message('u2', 'a1', 'And then?', true)];
    expect(toTurns({}, branch)).toEqual([
      { role: 'user', content: 'How do I bake bread?' },
      { role: 'assistant', content: 'First, flour.\n\nThen, water.' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('prefers the text when a message has both, and skips a reply of reasoning only', () => {
    const both = message('a1', 'u1', 'Said.', false, { content: [{ type: 'text', text: 'Also said.' }] });
    const thinking = message('a2', 'u1', '', false, { content: [{ type: 'think', think: 'Hmm.' }] });
    expect(toTurns({}, [both, thinking])).toEqual([{ role: 'assistant', content: 'Said.' }]);
  });

  it('falls back to the system setting when there is no prompt prefix', () => {
    expect(toTurns({ system: 'You are kind.' }, [])).toEqual([{ role: 'system', content: 'You are kind.' }]);
  });
});
