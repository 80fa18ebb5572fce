/** A reply's content parts as LibreChat stores them: consecutive deltas of one kind merge. */
export type ReplyPart = { type: 'text'; text: string } | { type: 'think'; think: string } | { type: 'error'; error: string };

export class ReplyParts {
  readonly parts: ReplyPart[] = [];

  add(kind: 'text' | 'think', text: string): void {
    const last = this.parts.at(-1);
    if (kind === 'text' && last?.type === 'text') last.text += text;
    else if (kind === 'think' && last?.type === 'think') last.think += text;
    else this.parts.push(kind === 'text' ? { type: 'text', text } : { type: 'think', think: text });
  }

  addError(message: string): void {
    this.parts.push({ type: 'error', error: message });
  }

  /** The message's plain text: its text parts, without thinking or errors. */
  text(): string {
    return this.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
}
