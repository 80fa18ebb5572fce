import type { ChatProvider, GenerateRequest, StreamEvent } from './types.ts';
import { estimatePromptTokens, estimateTokens } from './usage-estimate.ts';

export interface DemoProviderOptions {
  /** Pause before each word, so the reply visibly streams; tests pass 0. */
  wordDelayMs?: number;
}

const SUMMARY_WORDS = 12;


function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function summarise(text: string): string {
  const all = words(text);
  if (all.length === 0) return 'an empty message';
  const head = all.slice(0, SUMMARY_WORDS).join(' ');
  return `"${all.length > SUMMARY_WORDS ? `${head}…` : head}"`;
}

/** The reply's last words: members read it, so it states the fact, not how an operator changes it (decision 0049). */
export const DEMO_CLOSING = 'It shows how a chat works; real answers are not available here yet.';

/** The canned reply: says plainly that it is the offline demo and echoes what the user wrote. */
export function demoReply(lastUserMessage: string): string {
  return `Hello! This is the Meld offline demo, so no AI model is answering. You wrote ${summarise(lastUserMessage)}. ${DEMO_CLOSING}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Where a continued reply resumes: after the words of the canned reply it already has, else from the start. */
function resumeAt(full: string[], partial: string[]): number {
  return partial.length && partial.length < full.length && partial.every((word, index) => full[index] === word) ? partial.length : 0;
}

/**
 * Streams a canned reply word by word, so every chat flow works with no provider configured. A
 * history ending with the assistant's partial reply (continue) gets the rest of it.
 */
export function createDemoProvider(options: DemoProviderOptions = {}): ChatProvider {
  const wordDelayMs = options.wordDelayMs ?? 20;
  return {
    endpoint: 'demo',
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      const lastUser = request.messages.findLast((turn) => turn.role === 'user')?.content ?? '';
      const full = words(demoReply(lastUser));
      const last = request.messages.at(-1);
      const start = last?.role === 'assistant' ? resumeAt(full, words(last.content)) : 0;
      const sent: string[] = [];
      for (const [index, word] of full.slice(start).entries()) {
        await sleep(wordDelayMs, request.signal);
        if (request.signal.aborted) break;
        const text = index === 0 && start === 0 ? word : ` ${word}`;
        sent.push(word);
        yield { type: 'text', text };
      }
      yield { type: 'usage', promptTokens: estimatePromptTokens(request.messages), completionTokens: estimateTokens(sent.join(' ')) };
      yield { type: 'done', finishReason: request.signal.aborted ? 'incomplete' : 'stop' };
    },
  };
}
