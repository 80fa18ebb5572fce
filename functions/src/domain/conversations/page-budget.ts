import { MESSAGE_PAGE, type Message } from '@meld/shared';

/** What a message adds to a page's JSON: its serialized bytes and the comma before the next one. */
export function messageBytes(message: Message): number {
  return Buffer.byteLength(JSON.stringify(message)) + 1;
}

function jsonStringBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

/**
 * A message whose JSON passes `capBytes`, made to fit: its parts dropped (they repeat the text or
 * carry more of it) and its text cut, marked `truncated`. Anything smaller comes back unchanged.
 */
export function cutToFit(message: Message, capBytes: number = MESSAGE_PAGE.messageCapBytes): Message {
  if (messageBytes(message) <= capBytes) return message;
  const { content: _content, ...rest } = message;
  const shell: Message = { ...rest, text: '', truncated: true };
  const room = capBytes - messageBytes(shell);
  // The longest prefix whose escaped form fits: escapes make bytes per character vary from 1 to 6.
  let low = 0;
  let high = message.text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (jsonStringBytes(message.text.slice(0, mid)) - 2 <= room) low = mid;
    else high = mid - 1;
  }
  // Never end on half of a surrogate pair, which would arrive as a replacement character.
  const end = low > 0 && /[\uD800-\uDBFF]/.test(message.text[low - 1]!) ? low - 1 : low;
  return { ...shell, text: message.text.slice(0, end) };
}

/** Room kept for what wraps a page's messages: brackets, field names, the next cursor. */
const ENVELOPE_BYTES = 1_000;

/**
 * Fills one page: takes messages while its JSON stays within the byte budget and its count within
 * the limit. The first message always goes in (cut to the cap when larger), so every page moves on.
 */
export class PageBudget {
  private bytes = ENVELOPE_BYTES;
  private count = 0;

  constructor(
    private readonly maxCount: number = MESSAGE_PAGE.maxCount,
    private readonly budgetBytes: number = MESSAGE_PAGE.budgetBytes,
  ) {}

  /** The message to put on the page (cut when too large alone), or undefined when the page is full. */
  take(message: Message): Message | undefined {
    if (this.count >= this.maxCount) return undefined;
    const fitted = this.count === 0 ? cutToFit(message) : message;
    const size = messageBytes(fitted);
    if (this.count > 0 && this.bytes + size > this.budgetBytes) return undefined;
    this.bytes += size;
    this.count += 1;
    return fitted;
  }

  get full(): boolean {
    return this.count >= this.maxCount;
  }
}

/** Splits messages, in order, into pages that each fit a budget (a shared snapshot's pages). */
export function packPages(messages: readonly Message[], maxCount?: number, budgetBytes?: number): Message[][] {
  const pages: Message[][] = [];
  let page: Message[] = [];
  let budget = new PageBudget(maxCount, budgetBytes);
  for (const message of messages) {
    let taken = budget.take(message);
    if (!taken) {
      pages.push(page);
      page = [];
      budget = new PageBudget(maxCount, budgetBytes);
      taken = budget.take(message)!;
    }
    page.push(taken);
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

const byCreation = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt);

/** A page's messages oldest first, as the unpaged list always came (ties keep their order). */
export function oldestFirst(messages: Message[]): Message[] {
  return [...messages].sort(byCreation);
}
