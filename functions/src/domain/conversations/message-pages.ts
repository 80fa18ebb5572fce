import { ERROR_CODES, type Message } from '@meld/shared';
import { DomainError } from '../errors.ts';
import { defaultBranch, type MessageNode } from './default-branch.ts';
import { oldestFirst, PageBudget } from './page-budget.ts';

/**
 * Reading a conversation page by page (decision 0037). The first page is the whole conversation
 * when it fits one page; otherwise it is the branch the member sees (its newest end when even that
 * is too long), and the cursor it returns walks every message in key order from the start, the
 * branch's own again among them (the browser merges by id).
 */

/** The storage a page needs; handlers pass the message store. */
export interface MessagePageDeps {
  /** Offers messages in key order after `after` to `take` until it refuses one; `more` when some were left. */
  readMessagesFrom(userId: string, conversationId: string, after: string | undefined, take: (message: Message) => boolean): Promise<{ more: boolean }>;
  /** Every message's id, parent and time: the tree without the bodies. */
  readMessageNodes(userId: string, conversationId: string): Promise<MessageNode[]>;
  /** These messages, offered to `take` in the order given until it refuses one. */
  readMessagesByIds(userId: string, conversationId: string, messageIds: string[], take: (message: Message) => boolean): Promise<void>;
}

export interface MessagePage {
  messages: Message[];
  nextCursor: string | null;
}

/** The cursor names the conversation and the last message given; the member's id comes from the session, never from it. */
interface CursorState {
  v: 1;
  conversationId: string;
  after: string | null;
}

export const INVALID_MESSAGE_CURSOR = 'The cursor is not valid for this conversation; start again from the first page.';

function invalidCursor(): DomainError {
  return new DomainError('invalid', ERROR_CODES.validation, INVALID_MESSAGE_CURSOR, 'cursor');
}

export function encodeMessageCursor(conversationId: string, after: string | null): string {
  return Buffer.from(JSON.stringify({ v: 1, conversationId, after } satisfies CursorState)).toString('base64url');
}

export function decodeMessageCursor(cursor: string, conversationId: string): string | null {
  let state: Partial<CursorState> | undefined;
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorState>;
  } catch {
    throw invalidCursor();
  }
  const after = state?.after;
  const validAfter = after === null || (typeof after === 'string' && after.length > 0);
  if (state?.v !== 1 || state.conversationId !== conversationId || !validAfter) throw invalidCursor();
  return after;
}

/** Branch ids are read this many at a time (one BatchGetItem), newest end first. */
const BRANCH_READ = 100;

async function branchPage(userId: string, conversationId: string, limit: number, deps: MessagePageDeps): Promise<Message[]> {
  const ids = defaultBranch(await deps.readMessageNodes(userId, conversationId));
  const budget = new PageBudget(limit);
  const taken: Message[] = [];
  let full = false;
  const take = (message: Message) => {
    const fitted = budget.take(message);
    if (fitted) taken.push(fitted);
    else full = true;
    return !!fitted;
  };
  for (let end = ids.length; end > 0 && !full; end -= BRANCH_READ) {
    await deps.readMessagesByIds(userId, conversationId, ids.slice(Math.max(0, end - BRANCH_READ), end).reverse(), take);
  }
  return taken;
}

/** One page of the member's conversation; the caller has checked the conversation is theirs. */
export async function readMessagePage(userId: string, conversationId: string, options: { cursor?: string | undefined; limit: number }, deps: MessagePageDeps): Promise<MessagePage> {
  const after = options.cursor === undefined ? undefined : decodeMessageCursor(options.cursor, conversationId);
  const budget = new PageBudget(options.limit);
  const messages: Message[] = [];
  const { more } = await deps.readMessagesFrom(userId, conversationId, after ?? undefined, (message) => {
    const fitted = budget.take(message);
    if (fitted) messages.push(fitted);
    return !!fitted;
  });
  if (!more) return { messages: oldestFirst(messages), nextCursor: null };
  if (after !== undefined) return { messages: oldestFirst(messages), nextCursor: encodeMessageCursor(conversationId, messages.at(-1)!.messageId) };
  // Too long for one page: the branch on screen first, then everything from the start.
  return { messages: oldestFirst(await branchPage(userId, conversationId, options.limit, deps)), nextCursor: encodeMessageCursor(conversationId, null) };
}
