import { describe, expect, it } from 'vitest';
import type { ChatProvider, StreamEvent } from '../../providers/llm/types.ts';
import { cleanTitle, titleFromText, writeTitle } from './title.ts';

function provider(events: StreamEvent[], { failAfter = false, stallMs = 0 } = {}): ChatProvider {
  return {
    endpoint: 'openAI',
    async *stream({ signal }) {
      for (const event of events) {
        if (stallMs) await new Promise((resolve) => setTimeout(resolve, stallMs));
        if (signal.aborted) return;
        yield event;
      }
      if (failAfter) throw new Error('upstream closed');
    },
  };
}

describe('titleFromText', () => {
  it('takes the first eight words on one line', () => {
    expect(titleFromText('one two three\nfour  five six seven eight nine ten')).toBe('one two three four five six seven eight');
  });

  it('caps the title at 100 characters and never answers empty', () => {
    expect(titleFromText('x'.repeat(500))).toHaveLength(100);
    expect(titleFromText('   ')).toBe('New Chat');
  });
});

describe('cleanTitle', () => {
  it('strips quotes, a "Title:" prefix, markdown and the closing full stop', () => {
    expect(cleanTitle('Title: "Planning a Garden."')).toBe('Planning a Garden');
    expect(cleanTitle('**Tides and the Moon**\nExtra words')).toBe('Tides and the Moon');
  });

  it('answers nothing for blank output', () => {
    expect(cleanTitle(' \n ')).toBeUndefined();
  });
});

describe('writeTitle', () => {
  const question = 'How do tides work near the coast of Brittany?';

  it('uses the model title when the model answers', async () => {
    const source = { provider: provider([{ type: 'text', text: 'Brittany ' }, { type: 'text', text: 'Tides' }, { type: 'done', finishReason: 'stop' }]), model: 'm', timeoutMs: 1000 };
    await expect(writeTitle(source, question, 'The moon pulls the sea.')).resolves.toBe('Brittany Tides');
  });

  it('falls back to the opening words when the model fails, stalls or there is no source', async () => {
    const fallback = 'How do tides work near the coast of';
    await expect(writeTitle({ provider: provider([{ type: 'text', text: 'Half' }], { failAfter: true }), model: 'm', timeoutMs: 1000 }, question, 'Reply')).resolves.toBe(fallback);
    await expect(writeTitle({ provider: provider([{ type: 'text', text: 'Late title' }], { stallMs: 200 }), model: 'm', timeoutMs: 20 }, question, 'Reply')).resolves.toBe(fallback);
    await expect(writeTitle(null, question, 'Reply')).resolves.toBe(fallback);
  });
});
