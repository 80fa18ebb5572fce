import { describe, expect, it } from 'vitest';
import { testMessage } from '@/components/messages/test-messages.ts';
import { appendDelta, withStreamMessages, type ActiveStream } from './stream-store.ts';

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
