import type { AskEvent, ChatErrorInfo, ToolAttachment } from '@meld/shared';
import { ProviderError, type ChatProvider, type GenerateRequest, type ToolCallRequest } from '../../providers/llm/types.ts';
import type { ReplyPart, ReplyParts } from './reply-parts.ts';

/** Token counts of one reply, as the provider reported them (null when it did not). */
export interface ReplyUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ReplyFailure {
  code: string;
  message: string;
  info?: ChatErrorInfo;
}

/** How a generated reply ended: what is saved on the reply message and spent from the balance. */
export interface Outcome {
  /** `refused`: the model or the provider's filters declined; the reply holds a refusal part (decision 0035). */
  finishReason: 'stop' | 'length' | 'incomplete' | 'refused' | 'error';
  error?: ReplyFailure;
  usage: ReplyUsage | null;
  /** Files tools made while answering (the agent loop). */
  attachments?: ToolAttachment[];
}

/** One model call: what it streamed into the reply, and the tools it asked for. */
export interface Step {
  finishReason: 'stop' | 'length' | 'incomplete' | 'tool_calls' | 'refused' | 'error';
  error?: ReplyFailure;
  usage: ReplyUsage | null;
  /** The text this call wrote (the agent loop sends it back with the calls). */
  text: string;
  toolCalls: ToolCallRequest[];
}

/**
 * Streams one model call into the reply's parts, sending each delta as it arrives. A refusal is a
 * part of its own, sent whole as it grows (it is short). A provider failure becomes the reply's
 * error part (after what was already streamed); a failure after the user stopped is the stop itself.
 */
export async function streamStep(provider: ChatProvider, request: GenerateRequest, parts: ReplyParts, messageId: string, send: (event: AskEvent) => void): Promise<Step> {
  const { signal } = request;
  let usage: ReplyUsage | null = null;
  let text = '';
  const toolCalls: ToolCallRequest[] = [];
  // A copy: the part keeps growing after it is sent.
  const sendPart = (index: number) => send({ type: 'part', messageId, index, part: { ...(parts.parts[index] as ReplyPart) } });
  try {
    for await (const event of provider.stream(request)) {
      if (event.type === 'text' || event.type === 'think') {
        if (event.type === 'text') text += event.text;
        parts.add(event.type, event.text);
        send({ type: 'delta', messageId, part: event.type, text: event.text });
      } else if (event.type === 'refusal') {
        sendPart(parts.addRefusal(event.text));
      } else if (event.type === 'tool_call') {
        const { type: _type, ...call } = event;
        toolCalls.push(call);
      } else if (event.type === 'usage') {
        usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };
      } else if (event.type === 'done') {
        if (event.finishReason === 'refused' && !signal.aborted) sendPart(parts.refuse(event.reason));
        return { finishReason: signal.aborted ? 'incomplete' : event.finishReason, usage, text, toolCalls };
      }
    }
    return { finishReason: 'incomplete', usage, text, toolCalls };
  } catch (error) {
    if (signal.aborted) return { finishReason: 'incomplete', usage, text, toolCalls };
    const known = error instanceof ProviderError ? error : null;
    const failure = { code: known?.type ?? 'provider_error', message: known?.message ?? 'The model provider failed while answering.', ...(known?.info ? { info: known.info } : {}) };
    parts.addError(failure);
    return { finishReason: 'error', error: failure, usage, text, toolCalls };
  }
}

/** Adds one call's usage to the reply's running total; a call that reported none leaves it as is. */
export function addUsage(total: ReplyUsage | null, step: ReplyUsage | null): ReplyUsage | null {
  if (!step) return total;
  if (!total) return { ...step };
  return { promptTokens: total.promptTokens + step.promptTokens, completionTokens: total.completionTokens + step.completionTokens };
}
