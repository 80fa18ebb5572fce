/**
 * A batch call may answer with part of its items unprocessed: DynamoDB throttled them (their
 * partition is over its capacity). AWS's advice is to send those again after an exponential
 * backoff with jitter; sent again at once they are throttled again. The waits here: a random time
 * up to 50 ms doubled per retry ("full jitter"), each at most 2 s, over 8 calls in all (at most
 * about 7 s of waiting, half that on average), well inside API Gateway's 30 s. After that the
 * request fails with UnprocessedItemsError, which the handler kit answers with a 503 to retry.
 */
export const BATCH_BACKOFF = { baseMs: 50, capMs: 2_000, maxAttempts: 8 } as const;

/** A batch call that still left items unprocessed after every attempt. */
export class UnprocessedItemsError extends Error {
  override readonly name = 'UnprocessedItemsError';

  constructor(
    readonly operation: 'BatchWriteItem' | 'BatchGetItem',
    /** Items the last attempt still left unprocessed, of those the batch sent. */
    readonly unprocessed: number,
    readonly sent: number,
    readonly attempts: number,
  ) {
    super(`${operation} left ${unprocessed} of ${sent} items unprocessed after ${attempts} attempts (DynamoDB kept throttling them)`);
  }
}

export interface BackoffOptions {
  /** How a wait is made; tests pass one that records it. */
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): where in its window a wait falls. */
  random?: () => number;
}

/** How every batch call waits, unless told otherwise: tests that drive the table through its batches record the waits here instead. */
export const backoffClock: Required<BackoffOptions> = {
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** The wait before retry number `retry` (1 for the first retry). */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(BATCH_BACKOFF.capMs, BATCH_BACKOFF.baseMs * 2 ** retry));
}

/**
 * Calls `send` with `items`, then again with what each call left unprocessed, backing off between
 * calls, until nothing is left; throws UnprocessedItemsError when the attempts run out.
 */
export async function untilProcessed<T>(operation: UnprocessedItemsError['operation'], items: T[], send: (pending: T[]) => Promise<T[] | undefined>, options: BackoffOptions = {}): Promise<void> {
  const { sleep, random } = { ...backoffClock, ...options };
  let pending = items;
  for (let attempt = 1; ; attempt++) {
    pending = (await send(pending)) ?? [];
    if (pending.length === 0) return;
    if (attempt === BATCH_BACKOFF.maxAttempts) throw new UnprocessedItemsError(operation, pending.length, items.length, attempt);
    await sleep(backoffMs(attempt, random));
  }
}
