import { LIMITS } from '@meld/shared';
import type { ChatProvider } from '../../providers/llm/types.ts';

const TITLE_WORDS = 8;
/** A title is a few words; more output than this means the model ignored the instruction. */
const TITLE_MAX_TOKENS = 40;

/** A first title without a model call: the opening words of the user's message. */
export function titleFromText(text: string): string {
  const words = text.split(/\s+/).filter(Boolean).slice(0, TITLE_WORDS).join(' ');
  return words.slice(0, LIMITS.conversationTitleMax) || 'New Chat';
}

/** A model's answer trimmed to a title: one line, no wrapping quotes, "Title:" or closing full stop. */
export function cleanTitle(raw: string): string | undefined {
  const line = raw
    .split('\n')
    .map((candidate) => candidate.trim())
    .find(Boolean);
  if (!line) return undefined;
  const title = line
    .replace(/^(title|conversation title)\s*:\s*/i, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim();
  return title ? title.slice(0, LIMITS.conversationTitleMax) : undefined;
}

function titlePrompt(userText: string, replyText: string): string {
  const excerpt = (text: string) => text.slice(0, 2_000);
  return [
    'Write a concise title, at most 7 words, for the conversation below, in the language it is written in.',
    'Answer with the title only: no quotes, no punctuation at the end, no preamble.',
    '',
    `User: ${excerpt(userText)}`,
    `Assistant: ${excerpt(replyText)}`,
  ].join('\n');
}

export interface TitleSource {
  provider: ChatProvider;
  model: string;
  /** Longest wait for the title; the opening words are used after it. */
  timeoutMs: number;
}

/**
 * The conversation's title written by its model from the first exchange, or the opening words
 * of the user's message when the model fails, stalls or answers nothing usable.
 */
export async function writeTitle(source: TitleSource | null, userText: string, replyText: string): Promise<string> {
  const fallback = titleFromText(userText);
  if (!source || !replyText.trim()) return fallback;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), source.timeoutMs);
  let raw = '';
  let complete = false;
  try {
    const events = source.provider.stream({
      model: source.model,
      messages: [{ role: 'user', content: titlePrompt(userText, replyText) }],
      parameters: { temperature: 0.2, maxOutputTokens: TITLE_MAX_TOKENS, max_tokens: TITLE_MAX_TOKENS, thinking: false },
      signal: controller.signal,
    });
    for await (const event of events) {
      if (event.type === 'text') raw += event.text;
      if (event.type === 'done') break;
    }
    complete = !controller.signal.aborted;
  } catch {
    // A title is a nicety: the opening words stand in.
  } finally {
    clearTimeout(timer);
  }
  return (complete && cleanTitle(raw)) || fallback;
}
