import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { countFailedAttempt, readJob, settleJob } from '../../jobs/job-queue.ts';
import { runJobStep } from '../../jobs/run-job.ts';
import { logger } from '../../http/logger.ts';

/** Left for saving a step's outcome after its deadline, out of the function's 900 s. */
const SETTLE_MARGIN_MS = 60_000;

/**
 * The background worker (decision 0034), fed by the table's stream one record at a time: each is
 * a new job item (the stack's filter passes only inserts into the JOBS partition), read again by
 * key, run, and settled. A failure is counted on the item and thrown, so the invocation fails:
 * the stream retries the record, and the function's error alarm pages the operator.
 */
export const handler = async (event: DynamoDBStreamEvent, context: Context): Promise<void> => {
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys;
    const pk = keys?.pk?.S;
    const sk = keys?.sk?.S;
    if (!pk || !sk) continue;
    let stored: Awaited<ReturnType<typeof readJob>>;
    try {
      stored = await readJob({ pk, sk });
      // Settled by an earlier delivery: streams deliver at least once.
      if (!stored) continue;
      await settleJob(stored, await runJobStep(stored.job, Date.now() + context.getRemainingTimeInMillis() - SETTLE_MARGIN_MS));
    } catch (error) {
      logger.error('A background job failed', { error, job: sk, kind: stored?.job.kind, attempt: (stored?.attempts ?? 0) + 1 });
      if (stored) await countFailedAttempt(stored.key).catch(() => undefined);
      throw error;
    }
  }
};
