import type { RouteDef } from './routes.ts';

/**
 * The background worker (decision 0034): work too long for a request (a large conversation's
 * delete or copy, a tag taken off every conversation, an account's purge) is written to the
 * table as a job item, and the worker runs it: in AWS, fed by the table's stream; on one machine,
 * in-process. It is declared like a route, so the stack grants it, and the local runtime holds it
 * to, exactly this access.
 */
export const JOB_WORKER = {
  handler: 'jobs/worker',
  description: 'Meld background jobs (deletes and copies too large for a request)',
  table: ['write', 'gsi1'],
  lambda: {
    // A job step stops well before this and leaves a continuation, so no size outgrows it.
    timeoutSeconds: 900,
    memoryMb: 1024,
    buckets: ['audio:speech', 'audio:transcripts', 'audio:voice-notes', 'files:avatars', 'files:files', 'files:messages', 'files:shares', 'files:uploads'],
  },
} as const satisfies Pick<RouteDef, 'handler' | 'table' | 'lambda'> & { description: string };

/** The partition job items live in; the worker's stream filter and the local runner read it. */
export const JOBS_PARTITION = 'JOBS';
