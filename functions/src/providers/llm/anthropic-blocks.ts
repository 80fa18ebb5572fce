import type { ContentBlockParam, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { parsedArgs } from './adapter-kit.ts';
import type { ToolCallRequest } from './types.ts';

type Block = Record<string, unknown> & { type: string };

/**
 * One response's content blocks rebuilt from its stream events, as the SDK's MessageStream would:
 * a paused turn (`pause_turn`) is continued by sending them back as they came (thinking with its
 * signature, server tool calls and their results), and client tool calls are read from them.
 */
export class StreamedBlocks {
  private readonly blocks: Block[] = [];
  /** Tool inputs by block index, as the JSON text streamed (a call's arguments keep the model's own text). */
  private readonly json = new Map<number, string>();

  add(event: RawMessageStreamEvent): void {
    if (event.type === 'content_block_start') {
      // Kept as a plain record: deltas extend it field by field, whatever its type.
      this.blocks[event.index] = structuredClone(event.content_block) as unknown as Block;
      return;
    }
    if (event.type !== 'content_block_delta') return;
    const block = this.blocks[event.index];
    if (!block) return;
    const delta = event.delta;
    if (delta.type === 'text_delta') block.text = String(block.text ?? '') + delta.text;
    else if (delta.type === 'thinking_delta') block.thinking = String(block.thinking ?? '') + delta.thinking;
    else if (delta.type === 'signature_delta') block.signature = delta.signature;
    else if (delta.type === 'input_json_delta') this.json.set(event.index, (this.json.get(event.index) ?? '') + delta.partial_json);
    else if (delta.type === 'citations_delta') block.citations = [...((block.citations as unknown[] | null) ?? []), delta.citation];
  }

  /** The blocks as request content; empty text blocks are left out, as the API rejects them. */
  content(): ContentBlockParam[] {
    const content = this.blocks.flatMap((block, index) => {
      if (!block || (block.type === 'text' && !block.text)) return [];
      const json = this.json.get(index);
      return [json ? { ...block, input: parsedArgs(json) } : block];
    });
    // Response blocks and request blocks share their fields for every type the stream can hold.
    return content as unknown as ContentBlockParam[];
  }

  /** The client tool calls, in order; a call without arguments streams no JSON at all. */
  calls(): ToolCallRequest[] {
    return this.blocks.flatMap((block, index) =>
      block?.type === 'tool_use' ? [{ id: String(block.id), name: String(block.name), args: this.json.get(index) || '{}' }] : [],
    );
  }
}
