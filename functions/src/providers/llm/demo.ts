import type { ChatProvider, GenerateRequest, StreamEvent } from './types.ts';

export interface DemoProviderOptions {
  /** Pause before each word, so the reply visibly streams; tests pass 0. */
  wordDelayMs?: number;
}

const SUMMARY_WORDS = 12;

/** Roughly 1.3 tokens per English word, the usual rule of thumb for approximate usage. */
export function approximateTokens(text: string): number {
  return Math.round(words(text).length * 1.3);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function summarise(text: string): string {
  const all = words(text);
  if (all.length === 0) return 'an empty message';
  const head = all.slice(0, SUMMARY_WORDS).join(' ');
  return `"${all.length > SUMMARY_WORDS ? `${head}…` : head}"`;
}

/** The canned reply: says plainly that it is the offline demo and echoes what the user wrote. */
export function demoReply(lastUserMessage: string): string {
  return (
    `Hello! This is the Meld offline demo, so no AI model is answering. ` +
    `You wrote ${summarise(lastUserMessage)}. ` +
    `Configure a provider such as OpenAI, Anthropic or Google in the app config to get real replies.`
  );
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

/** Streams a canned reply word by word, so every chat flow works with no provider configured. */
export function createDemoProvider(options: DemoProviderOptions = {}): ChatProvider {
  const wordDelayMs = options.wordDelayMs ?? 20;
  return {
    endpoint: 'demo',
    async *stream(request: GenerateRequest): AsyncIterable<StreamEvent> {
      const lastUser = request.messages.findLast((turn) => turn.role === 'user')?.content ?? '';
      const prompt = request.messages.map((turn) => turn.content).join(' ');
      const reply = words(demoReply(lastUser));
      const sent: string[] = [];
      for (const [index, word] of reply.entries()) {
        await sleep(wordDelayMs, request.signal);
        if (request.signal.aborted) break;
        const text = index === 0 ? word : ` ${word}`;
        sent.push(word);
        yield { type: 'text', text };
      }
      yield { type: 'usage', promptTokens: approximateTokens(prompt), completionTokens: approximateTokens(sent.join(' ')) };
      yield { type: 'done', finishReason: request.signal.aborted ? 'incomplete' : 'stop' };
    },
  };
}
