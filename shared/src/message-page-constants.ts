// How GET /api/messages/{conversationId} and GET /api/share/{id} page a conversation (decision
// 0037). Plain values, apart from the zod schemas, so the browser can read them without zod.

export const MESSAGE_PAGE = {
  /**
   * A page stops taking messages before its JSON would pass this many bytes. Lambda answers at most
   * 6 MB buffered; a page stays far below that whatever its messages weigh.
   */
  budgetBytes: 1_000_000,
  /**
   * One message larger than a whole page still travels, alone on its page, up to this size; above
   * it the page carries its text cut to fit, marked `truncated` (only a multi-megabyte import makes one).
   */
  messageCapBytes: 2_000_000,
  /** Most messages in one page (and the default): bounds a page's work when messages are tiny. */
  maxCount: 5_000,
} as const;

/** Names the next page's cursor on an unpaged GET /api/messages/{conversationId} (its body stays a bare array). */
export const NEXT_CURSOR_HEADER = 'x-meld-next-cursor';
