/**
 * The fake OpenAI-compatible server's scripted tool calls: a deterministic rule an end-to-end test
 * can drive from another process, through the chat text alone. It applies only to a request that
 * offers tools:
 *
 * - The last turn is the user's and their text holds `[[tool:NAME {json args}]]` directives: the
 *   model answers with those calls, in order (for example
 *   `[[tool:execute_code {"lang":"python","code":"print(6*7)"}]]`).
 * - The user's text holds `[[loop:NAME {json args}]]`: the model calls that tool on every step,
 *   after each result too, so the agent loop runs into its recursion limit.
 * - The last turn is a tool result: the model answers "The tool said: OUTPUT", quoting the
 *   results since its last call (joined by " | ").
 *
 * Anything else falls through to the fake's usual reply.
 */

export interface ScriptedCall {
  name: string;
  args: string;
}

export type ToolScript = { kind: 'calls'; calls: ScriptedCall[] } | { kind: 'text'; tokens: string[] } | null;

interface WireMessage {
  role?: unknown;
  content?: unknown;
}

const DIRECTIVE = /\[\[(tool|loop):([\w-]+)\s*(\{.*?\})?\s*\]\]/gs;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

function directives(text: string, kinds: ReadonlyArray<'tool' | 'loop'>): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  for (const match of text.matchAll(DIRECTIVE)) {
    if (kinds.includes(match[1] as 'tool' | 'loop')) calls.push({ name: match[2] as string, args: match[3] ?? '{}' });
  }
  return calls;
}

/** What the scripted model does with this chat-completions body, or null when no rule applies. */
export function toolScript(body: unknown): ToolScript {
  const request = body as { tools?: unknown[]; messages?: WireMessage[] } | undefined;
  const messages = request?.messages ?? [];
  if (!request?.tools?.length || messages.length === 0) return null;
  const lastUser = messages.findLast((message) => message.role === 'user');
  const userText = textOf(lastUser?.content);
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const calls = directives(userText, ['tool', 'loop']);
    return calls.length ? { kind: 'calls', calls } : null;
  }
  if (last?.role !== 'tool') return null;
  const looping = directives(userText, ['loop']);
  if (looping.length) return { kind: 'calls', calls: looping };
  const since = messages.slice(messages.findLastIndex((message) => message.role !== 'tool') + 1);
  return { kind: 'text', tokens: ['The tool said: ', since.map((message) => textOf(message.content)).join(' | ')] };
}

/** How many tool results the conversation already holds: scripted call ids continue from there, so each is unique. */
export function toolResultCount(body: unknown): number {
  const messages = (body as { messages?: WireMessage[] } | undefined)?.messages ?? [];
  return messages.filter((message) => message.role === 'tool').length;
}
