import { describe, expect, it } from 'vitest';
import { CHUNK_BUDGET_BYTES, packChunks, replayProgress, type ProgressEvent } from './reply-progress.ts';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('packChunks', () => {
  it('keeps a second of tokens in one checkpoint', () => {
    const events: ProgressEvent[] = [{ kind: 'think', text: 'Hmm' }, { kind: 'text', text: 'Blue.' }];
    expect(packChunks(events)).toEqual([events]);
  });

  it('splits events that would pass the item budget over several checkpoints, in order', () => {
    const big = (n: number): ProgressEvent => ({ kind: 'part', index: n, part: { type: 'tool_call', output: 'x'.repeat(120_000) } });
    const chunks = packChunks([big(0), big(1), big(2), { kind: 'text', text: 'done' }]);
    expect(chunks.map((chunk) => chunk.map((event) => (event.kind === 'part' ? event.index : event.text)))).toEqual([[0, 1], [2, 'done']]);
    for (const chunk of chunks) expect(bytes(chunk)).toBeLessThan(CHUNK_BUDGET_BYTES + 100);
  });

  it('stubs a part too large for any checkpoint, keeping its place, type and small fields', () => {
    const [[event]] = packChunks([{ kind: 'part', index: 3, part: { type: 'tool_call', id: 'call_1', name: 'execute_code', output: 'x'.repeat(CHUNK_BUDGET_BYTES + 1) } }]) as [[ProgressEvent]];
    expect(event).toEqual({ kind: 'part', index: 3, part: { type: 'tool_call', id: 'call_1', name: 'execute_code' } });
  });
});

describe('replayProgress', () => {
  it('merges deltas like the stream, sets parts by index and appends new ones', () => {
    const parts = replayProgress(
      [{ type: 'text', text: 'The sky' }],
      [
        [{ kind: 'text', text: ' is' }, { kind: 'part', index: 1, part: { type: 'tool_call', id: 'a', progress: 0.1 } }],
        [{ kind: 'part', index: 1, part: { type: 'tool_call', id: 'a', progress: 1, output: '42' } }, { kind: 'text', text: ' blue' }, { kind: 'think', text: 'sure?' }],
      ],
    );
    expect(parts.parts).toEqual([
      { type: 'text', text: 'The sky is' },
      { type: 'tool_call', id: 'a', progress: 1, output: '42' },
      { type: 'text', text: ' blue' },
      { type: 'think', think: 'sure?' },
    ]);
    expect(parts.text()).toBe('The sky is blue');
  });
});
