// The bounds of a conversation import (decision 0036). The server enforces them; the browser shows
// them and refuses an oversized file before uploading it.

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /**
   * The file travels as multipart through API Gateway to Lambda, whose 6 MB invocation limit
   * holds the body base64-encoded (4/3 of its size): 4 MB of file, its envelope and the headers fit.
   */
  maxBytes: 4 * MB,
  /** Far above what 4 MB of any real export holds; it bounds the work a crafted file can ask for. */
  maxConversations: 5_000,
  /** A long ChatGPT conversation with every regenerated branch stays well below this. */
  maxMessagesPerConversation: 10_000,
  /**
   * Every message of a user lands in one DynamoDB partition (about 1,000 writes a second), and the
   * HTTP API waits 30 s for the answer: this many writes, and 4 MB of text, finish inside that.
   */
  maxMessagesPerFile: 15_000,
} as const;
