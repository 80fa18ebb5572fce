import { afterEach, describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { appendDelta, resetStreamForTests, setPart, streamStore, withStreamMessages, type ActiveStream } from './stream-store.ts';

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

afterEach(() => resetStreamForTests());

function stream(clientId: string, conversationId: string | null): ActiveStream {
  return { clientId, conversationId, endpoint: 'demo', request: null, response: reply, created: !!conversationId, opened: true, slow: false, stopped: false, lastTokenAt: 0, error: null, controller: new AbortController() };
}

describe('streamStore', () => {
  it('holds one stream per conversation, and a new chat by its send until the server names it', () => {
    const first = stream('a', 'c1');
    const fresh = stream('b', null);
    streamStore.start(first);
    streamStore.start(fresh);
    expect(streamStore.of('c1')?.clientId).toBe('a');
    expect(streamStore.of(null)?.clientId).toBe('b');
    streamStore.update(fresh, () => ({ conversationId: 'c2', created: true }));
    expect(streamStore.of(null)).toBeNull();
    expect(streamStore.of('c2')?.clientId).toBe('b');
    expect(streamStore.all()).toHaveLength(2);
  });

  it('lets a new send take the place of what ended in its conversation, and leaves a replaced stream alone', () => {
    const failed = stream('a', 'c1');
    streamStore.start(failed);
    streamStore.update(failed, () => ({ error: { code: 'network', message: 'dropped' } }));
    expect(streamStore.latestFailure()).toEqual({ endpoint: reply.endpoint ?? 'demo', error: { code: 'network', message: 'dropped' } });
    const next = stream('b', 'c1');
    streamStore.start(next);
    expect(streamStore.all().map((live) => live.clientId)).toEqual(['b']);
    expect(streamStore.latestFailure()).toBeNull();
    expect(streamStore.update(failed, () => ({ slow: true }))).toBeNull();
    expect(streamStore.of('c1')?.slow).toBe(false);
  });
});
