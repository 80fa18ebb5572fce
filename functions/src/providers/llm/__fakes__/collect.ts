import type { GenerateRequest, StreamEvent } from '../types.ts';

/** Drains a provider stream; a thrown error is returned next to the events that came before it. */
export async function collect(stream: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

/** Reads a stream as a user who presses stop after `after` events: the events seen until it ends. */
export async function collectUntilStopped(start: (signal: AbortSignal) => AsyncIterable<StreamEvent>, after: number): Promise<StreamEvent[]> {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  for await (const event of start(controller.signal)) {
    events.push(event);
    if (events.length === after) controller.abort();
  }
  return events;
}

export function textOf(events: StreamEvent[], type: 'text' | 'think' = 'text'): string {
  return events.map((event) => (event.type === type ? event.text : '')).join('');
}

export function chatRequest(overrides: Partial<GenerateRequest> = {}): GenerateRequest {
  return {
    model: 'test-model',
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Say hello' },
    ],
    parameters: {},
    signal: new AbortController().signal,
    ...overrides,
  };
}
