import type { ChatTurn } from '../../providers/llm/types.ts';

/** The configured coach model, as the reflection rules see it: messages in, the whole reply out. */
export interface CoachModel {
  complete(turns: ChatTurn[]): Promise<string>;
}

/** A model's answer to "ask one question": its final question sentence, so a preamble or praise before it is dropped. */
export function usableQuestion(reply: string): string | null {
  const flat = reply.replace(/\s+/g, ' ').trim().replace(/^["“']+|["”']+$/g, '');
  const question = /[^.!?]*\?$/.exec(flat)?.[0].trim();
  return question && question.length >= 15 && question.length <= 300 ? question : null;
}

const SUMMARY_MAX = 1_000;

/** A model's summary: plain text of a sensible length, or null to fall back to the template. */
export function usableSummary(reply: string): string | null {
  const flat = reply.replace(/\s+/g, ' ').trim();
  return flat.length >= 20 && flat.length <= SUMMARY_MAX ? flat : null;
}
