import { describe, expect, it } from 'vitest';
import { chatRequest, collect, collectUntilStopped, textOf } from './__fakes__/collect.ts';
import { createDemoProvider } from './demo.ts';
import { estimatePromptTokens, estimateTokens } from './usage-estimate.ts';
import type { GenerateRequest, StreamEvent } from './types.ts';

function request(text: string, signal = new AbortController().signal): GenerateRequest {
  return chatRequest({ model: 'meld-demo', messages: [{ role: 'system', content: 'Be kind' }, { role: 'user', content: text }], signal });
}

const run = async (stream: AsyncIterable<StreamEvent>) => (await collect(stream)).events;

describe('demo provider', () => {
  it('streams a reply word by word that names the offline demo and echoes the message', async () => {
    const events = await run(createDemoProvider({ wordDelayMs: 0 }).stream(request('What is the capital of France?')));
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.every((event) => event.text.trim().split(' ').length === 1)).toBe(true);
    expect(textOf(events)).toContain('offline demo');
    expect(textOf(events)).toContain('"What is the capital of France?"');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('continues a partial reply with the rest of it', async () => {
    const whole = textOf(await run(createDemoProvider({ wordDelayMs: 0 }).stream(request('Plan my week'))));
    const partial = whole.split(' ').slice(0, 6).join(' ');
    const continued = chatRequest({ model: 'meld-demo', messages: [{ role: 'user', content: 'Plan my week' }, { role: 'assistant', content: partial }], signal: new AbortController().signal });
    expect(partial + textOf(await run(createDemoProvider({ wordDelayMs: 0 }).stream(continued)))).toBe(whole);
  });

  it('shortens a long message in the echo', async () => {
    const long = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const text = textOf(await run(createDemoProvider({ wordDelayMs: 0 }).stream(request(long))));
    expect(text).toContain('word11…');
    expect(text).not.toContain('word12');
  });

  it('reports estimated token usage for the prompt and the words it sent', async () => {
    const sent = request('one two three four five six seven eight nine ten');
    const events = await run(createDemoProvider({ wordDelayMs: 0 }).stream(sent));
    const usage = events.find((event) => event.type === 'usage');
    expect(usage).toEqual({ type: 'usage', promptTokens: estimatePromptTokens(sent.messages), completionTokens: estimateTokens(textOf(events)) });
  });

  it('spaces the words out by the configured delay', async () => {
    const started = Date.now();
    const stream = createDemoProvider({ wordDelayMs: 30 }).stream(request('hi'));
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('stops at once when aborted mid-word and finishes as incomplete', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const events = await run(createDemoProvider({ wordDelayMs: 10_000 }).stream(request('hi', controller.signal)));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(events.filter((event) => event.type === 'text')).toHaveLength(0);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
  });

  it('sends no more words after an abort between words', async () => {
    const events = await collectUntilStopped((signal) => createDemoProvider({ wordDelayMs: 0 }).stream(request('hi', signal)), 3);
    expect(events.filter((event) => event.type === 'text')).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'incomplete' });
  });
});
