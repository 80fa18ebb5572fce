import type { ChatErrorType } from '@meld/shared';
import { ProviderError, type StreamEvent, type ToolCallRequest } from './types.ts';

/**
 * What a provider's stop reason means for the member (decision 0035): the reply is finished (or
 * waits for its tool calls), cut for length (Continue is offered), refused (shown as the model's
 * refusal) or failed (the provider's reason becomes the message's error, with Regenerate).
 * Anthropic's `pause_turn` is no ending: the adapter continues the turn itself.
 */
export type Ending =
  | { kind: 'finished' }
  | { kind: 'length' }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; type: ChatErrorType; reason: string };

const finished: Ending = { kind: 'finished' };
const length: Ending = { kind: 'length' };
const refused = (reason: string): Ending => ({ kind: 'refused', reason });
const failed = (type: ChatErrorType, reason: string): Ending => ({ kind: 'failed', type, reason });
const contextFull = (code: string) => failed('INPUT_LENGTH', `The reply filled the model's context window (${code})`);

/**
 * OpenAI's finish_reason, and the names OpenAI-compatible servers use beside it. An unknown name is
 * taken as finished: compatible servers name an ordinary end their own way (`eos`, `end_turn`).
 */
const OPENAI: Record<string, Ending> = {
  stop: finished,
  tool_calls: finished,
  function_call: finished,
  length,
  content_filter: refused("The provider's content filter stopped the reply (content_filter)"),
  // Mistral, OpenRouter, DeepSeek and vLLM.
  model_length: contextFull('model_length'),
  error: failed('provider_error', 'The provider reported an error while answering (error)'),
  insufficient_system_resource: failed('provider_error', 'The provider ran out of capacity while answering (insufficient_system_resource)'),
  abort: failed('provider_error', 'The provider aborted the reply (abort)'),
};

export function openAIEnding(reason: string): Ending {
  return OPENAI[reason] ?? finished;
}

/** Anthropic's stop_reason; `pause_turn` is handled by the adapter before it gets here. */
const ANTHROPIC: Record<string, Ending> = {
  end_turn: finished,
  stop_sequence: finished,
  tool_use: finished,
  max_tokens: length,
  refusal: refused("Anthropic's safety systems stopped the reply (refusal)"),
  model_context_window_exceeded: contextFull('model_context_window_exceeded'),
};

export function anthropicEnding(reason: string): Ending {
  return ANTHROPIC[reason] ?? failed('provider_error', `Anthropic stopped the reply (${reason})`);
}

/** Gemini's finishReason. Everything but STOP and MAX_TOKENS is abnormal, so an unknown one fails visibly. */
const GOOGLE: Record<string, Ending> = {
  STOP: finished,
  MAX_TOKENS: length,
  // The SDK continues these itself; one that reaches us is a reply cut short.
  CONTINUATION: length,
  SAFETY: refused("Gemini's safety filters blocked the reply (SAFETY)"),
  RECITATION: refused('Gemini stopped the reply because it was reciting a source (RECITATION)'),
  BLOCKLIST: refused('Gemini stopped the reply because it contained a blocked term (BLOCKLIST)'),
  PROHIBITED_CONTENT: refused('Gemini stopped the reply for prohibited content (PROHIBITED_CONTENT)'),
  SPII: refused('Gemini stopped the reply because it contained sensitive personal information (SPII)'),
  IMAGE_SAFETY: refused("Gemini's safety filters blocked the image (IMAGE_SAFETY)"),
  IMAGE_PROHIBITED_CONTENT: refused('Gemini stopped the image for prohibited content (IMAGE_PROHIBITED_CONTENT)'),
  IMAGE_RECITATION: refused('Gemini stopped the image because it was reciting a source (IMAGE_RECITATION)'),
  LANGUAGE: failed('google_error', 'Gemini does not support the language of this conversation (LANGUAGE)'),
  MALFORMED_FUNCTION_CALL: failed('google_error', 'Gemini wrote a function call it could not complete (MALFORMED_FUNCTION_CALL)'),
  UNEXPECTED_TOOL_CALL: failed('google_error', 'Gemini called a tool it was not offered (UNEXPECTED_TOOL_CALL)'),
  TOO_MANY_TOOL_CALLS: failed('google_error', 'Gemini called too many tools in a row (TOO_MANY_TOOL_CALLS)'),
  NO_IMAGE: failed('google_error', 'Gemini was to make an image but made none (NO_IMAGE)'),
  IMAGE_OTHER: failed('google_error', 'Gemini stopped the image for an unspecified reason (IMAGE_OTHER)'),
  OTHER: failed('google_error', 'Gemini stopped the reply for an unspecified reason (OTHER)'),
  FINISH_REASON_UNSPECIFIED: failed('google_error', 'Gemini stopped the reply without a reason (FINISH_REASON_UNSPECIFIED)'),
};

export function googleEnding(reason: string): Ending {
  return GOOGLE[reason] ?? failed('google_error', `Gemini stopped the reply (${reason})`);
}

/** A prompt Gemini would not answer at all (`promptFeedback.blockReason`): every block reason is a refusal. */
export function googlePromptBlocked(blockReason: string): Ending {
  return refused(`Gemini blocked the prompt (${blockReason})`);
}

/** Bedrock Converse's stopReason; an unknown one fails visibly. */
const BEDROCK: Record<string, Ending> = {
  end_turn: finished,
  stop_sequence: finished,
  tool_use: finished,
  max_tokens: length,
  guardrail_intervened: refused('A Bedrock guardrail stopped the reply (guardrail_intervened)'),
  content_filtered: refused("Bedrock's content filter stopped the reply (content_filtered)"),
  model_context_window_exceeded: contextFull('model_context_window_exceeded'),
  malformed_model_output: failed('provider_error', 'The model wrote output Bedrock could not read (malformed_model_output)'),
  malformed_tool_use: failed('provider_error', 'The model wrote a tool call Bedrock could not read (malformed_tool_use)'),
};

export function bedrockEnding(reason: string): Ending {
  return BEDROCK[reason] ?? failed('provider_error', `Bedrock stopped the reply (${reason})`);
}

/**
 * The events that end a reply: a finished one runs the complete calls it asked for, a failure
 * throws the provider's reason. Calls cut off by the token limit have half their arguments, so a
 * reply cut for length runs none.
 */
export function* endWith(ending: Ending, calls: ToolCallRequest[]): Generator<StreamEvent> {
  switch (ending.kind) {
    case 'failed':
      throw new ProviderError(ending.reason, ending.type);
    case 'refused':
      yield { type: 'done', finishReason: 'refused', reason: ending.reason };
      return;
    case 'length':
      yield { type: 'done', finishReason: 'length' };
      return;
    case 'finished':
      for (const call of calls) yield { type: 'tool_call', ...call };
      yield { type: 'done', finishReason: calls.length ? 'tool_calls' : 'stop' };
  }
}
