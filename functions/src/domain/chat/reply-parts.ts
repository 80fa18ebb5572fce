import type { ChatErrorInfo, Message } from '@meld/shared';

/**
 * A reply's content parts as LibreChat stores them: consecutive deltas of one kind merge. An
 * error part keeps its catalogue type (`code`) and values beside the text, so a reload shows the
 * same message the stream did.
 */
export type ReplyPart = NonNullable<Message['content']>[number];

export class ReplyParts {
  readonly parts: ReplyPart[];

  constructor(initial: ReplyPart[] = []) {
    this.parts = initial.map((part) => ({ ...part }));
  }

  /** Continue starts from the saved reply: its parts, or one text part when it was saved as plain text. */
  static of(reply: Message | undefined): ReplyParts {
    if (reply?.content?.length) return new ReplyParts(reply.content);
    return new ReplyParts(reply?.text ? [{ type: 'text', text: reply.text }] : []);
  }

  add(kind: 'text' | 'think', text: string): void {
    const last = this.parts.at(-1);
    if (last?.type === kind && typeof last[kind] === 'string') last[kind] += text;
    else this.parts.push(kind === 'text' ? { type: 'text', text } : { type: 'think', think: text });
  }

  /** Appends a whole part (a tool call, an agent update) and answers its index, which `set` later replaces. */
  push(part: ReplyPart): number {
    this.parts.push(part);
    return this.parts.length - 1;
  }

  set(index: number, part: ReplyPart): void {
    this.parts[index] = part;
  }

  /**
   * A piece of the model's refusal, merged into one `refusal` part (decision 0035) kept apart from
   * the text, so a reload still shows it as declined. Answers the part's index.
   */
  addRefusal(text: string): number {
    const last = this.parts.at(-1);
    if (last?.type === 'refusal') last.refusal = String(last.refusal ?? '') + text;
    else this.parts.push({ type: 'refusal', refusal: text });
    return this.parts.length - 1;
  }

  /** Marks the reply refused: the provider's reason joins the model's words, or stands alone when it said none. */
  refuse(reason: string | undefined): number {
    if (this.parts.at(-1)?.type !== 'refusal') this.parts.push({ type: 'refusal', refusal: '' });
    const part = this.parts.at(-1) as ReplyPart;
    if (reason) part.reason = reason;
    return this.parts.length - 1;
  }

  addError(failure: { code: string; message: string; info?: ChatErrorInfo }): void {
    this.parts.push({ type: 'error', error: failure.message, code: failure.code, ...(failure.info ? { info: failure.info } : {}) });
  }

  /** The message's plain text: its text parts, without thinking, refusals or errors. */
  text(): string {
    return this.parts.map((part) => (part.type === 'text' ? textOf(part.text) : '')).join('');
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return '';
}
