import { describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { appendDelta, setPart, withStreamMessages, type ActiveStream } from './stream-store.ts';

const reply = testMessage('pending', 'q', { isCreatedByUser: false, text: '' });

describe('appendDelta', () => {
  it('grows the last part of the same kind and starts a new part when the kind changes', () => {
    let message = appendDelta(reply, 'r1', 'think', 'Hmm');
    message = appendDelta(message, 'r1', 'think', ', tides');
    message = appendDelta(message, 'r1', 'text', 'The moon');
    message = appendDelta(message, 'r1', 'text', ' pulls.');
    expect(message.messageId).toBe('r1');
    expect(message.content).toEqual([
      { type: 'think', think: 'Hmm, tides' },
      { type: 'text', text: 'The moon pulls.' },
    ]);
    expect(message.text).toBe('The moon pulls.');
  });
});

describe('withStreamMessages', () => {
  it('adds the streamed messages once, and not when the tree already holds them', () => {
    const request = testMessage('q', undefined, { text: 'Why?' });
    const stream = { request, response: reply } as ActiveStream;
    expect(withStreamMessages([], stream).map((message) => message.messageId)).toEqual(['q', 'pending']);
    expect(withStreamMessages([request, reply], stream)).toHaveLength(2);
  });
});

describe('setPart', () => {
  const running = { type: 'tool_call', tool_call: { id: 'call_1', name: 'execute_code', args: '{"lang":"py","code":"print(1)"}', progress: 0.1, type: 'tool_call' } };
  const done = { ...running, tool_call: { ...running.tool_call, progress: 1, output: '1' } };

  it('adds a tool call after the text so far, then replaces it in place as it finishes', () => {
    let message = appendDelta(reply, 'r1', 'text', 'Let me run it.');
    message = setPart(message, 'r1', 1, running);
    expect(message.content).toEqual([{ type: 'text', text: 'Let me run it.' }, running]);
    message = setPart(message, 'r1', 1, done);
    expect(message.content).toEqual([{ type: 'text', text: 'Let me run it.' }, done]);
    expect(message.text).toBe('Let me run it.');
  });

  it('lets the answer that follows a tool call start a new text part after it', () => {
    let message = setPart(reply, 'r1', 0, done);
    message = appendDelta(message, 'r1', 'text', 'It printed 1.');
    expect(message.content).toEqual([done, { type: 'text', text: 'It printed 1.' }]);
    expect(message.text).toBe('It printed 1.');
  });

  it('adds a part sent past the end after the last part instead of leaving a hole', () => {
    const message = setPart(reply, 'r1', 3, { type: 'agent_update', agent_update: { agentId: 'agent_2' } });
    expect(message.content).toEqual([{ type: 'agent_update', agent_update: { agentId: 'agent_2' } }]);
    expect(message.messageId).toBe('r1');
  });
});
