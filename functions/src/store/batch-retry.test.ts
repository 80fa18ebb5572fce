import { describe, expect, it } from 'vitest';
import { BATCH_BACKOFF, backoffMs, untilProcessed, UnprocessedItemsError } from './batch-retry.ts';

/** A batch call that leaves unprocessed, call by call, the items `leftBy` names, and records what each call was sent. */
function batchCall(leftBy: (call: number, sent: string[]) => string[]) {
  const calls: string[][] = [];
  const send = async (pending: string[]) => {
    calls.push(pending);
    return leftBy(calls.length, pending);
  };
  return { calls, send };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('batch retries of unprocessed items', () => {
  it('sends again only what each call left unprocessed, until all are processed', async () => {
    const batch = batchCall((call, sent) => (call === 1 ? sent.slice(1) : call === 2 ? sent.slice(2) : []));
    const { waits, sleep } = recordingSleep();

    await untilProcessed('BatchWriteItem', ['a', 'b', 'c', 'd'], batch.send, { sleep });

    expect(batch.calls).toEqual([['a', 'b', 'c', 'd'], ['b', 'c', 'd'], ['d']]);
    expect(waits).toHaveLength(2);
  });

  it('makes one call and no wait when nothing is left unprocessed', async () => {
    const batch = batchCall(() => []);
    const { waits, sleep } = recordingSleep();
    await untilProcessed('BatchGetItem', ['a'], async (pending) => (await batch.send(pending)).length ? [] : undefined, { sleep });
    expect(batch.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after the last attempt with an error naming how many items stayed unprocessed', async () => {
    const batch = batchCall((_, sent) => sent.slice(1));
    const { waits, sleep } = recordingSleep();

    const failure = await untilProcessed('BatchWriteItem', Array.from({ length: 25 }, (_, i) => `item${i}`), batch.send, { sleep }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UnprocessedItemsError);
    expect(failure).toMatchObject({ name: 'UnprocessedItemsError', operation: 'BatchWriteItem', unprocessed: 25 - BATCH_BACKOFF.maxAttempts, sent: 25, attempts: BATCH_BACKOFF.maxAttempts });
    expect((failure as Error).message).toBe('BatchWriteItem left 17 of 25 items unprocessed after 8 attempts (DynamoDB kept throttling them)');
    expect(batch.calls).toHaveLength(BATCH_BACKOFF.maxAttempts);
    expect(waits).toHaveLength(BATCH_BACKOFF.maxAttempts - 1);
  });

  it('doubles the window of each wait from the base up to the cap, and waits a random time inside it', async () => {
    const top = recordingSleep();
    await untilProcessed('BatchGetItem', ['a'], async (pending) => pending, { sleep: top.sleep, random: () => 0.9999 }).catch(() => {});
    // The windows: 100, 200, 400, 800, 1,600 ms, then the 2 s cap.
    expect(top.waits).toEqual([99, 199, 399, 799, 1599, 1999, 1999]);

    const middle = recordingSleep();
    await untilProcessed('BatchGetItem', ['a'], async (pending) => pending, { sleep: middle.sleep, random: () => 0.5 }).catch(() => {});
    expect(middle.waits).toEqual([50, 100, 200, 400, 800, 1000, 1000]);

    for (let retry = 1; retry < BATCH_BACKOFF.maxAttempts; retry++) {
      expect(backoffMs(retry, () => 0)).toBe(0);
      expect(backoffMs(retry)).toBeLessThan(Math.min(BATCH_BACKOFF.capMs, BATCH_BACKOFF.baseMs * 2 ** retry));
    }
  });
});
