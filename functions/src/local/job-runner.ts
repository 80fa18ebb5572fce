import { AsyncResource } from 'node:async_hooks';
import { JOB_WORKER } from '@meld/shared';
import { countFailedAttempt, onJobQueued, pendingJobs, settleJob, type StoredJob } from '../jobs/job-queue.ts';
import { runJobStep } from '../jobs/run-job.ts';
import { withDeclaredAccess } from '../store/declared-access.ts';

/** As long as a worker step may run before it leaves a continuation (its Lambda has 900 s). */
const STEP_BUDGET_MS = 60_000;

/**
 * The background worker on one machine (decision 0034): the same job steps the worker function
 * runs in AWS, in this process, one job at a time, each under the worker's own declared access
 * and invocation window, never the request's that queued it. It looks at the queue when a job is
 * queued and when it starts, so jobs a stopped server left behind are finished.
 */
export class LocalJobRunner {
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  readonly #unsubscribe: () => void;
  /**
   * The context the runner was made in (the server's), which every run goes back to: a job is
   * queued from inside a request, and must not carry on in that request's async context (its
   * declared access, invocation window, call counters), as in AWS it runs in another function.
   */
  readonly #home = new AsyncResource('meld-local-jobs');

  constructor() {
    this.#unsubscribe = onJobQueued(() => this.kick());
  }

  /** Looks at the queue now (or again, once the current look is over). */
  kick(): void {
    if (this.#stopped) return;
    this.#again = true;
    this.#draining ??= this.#home.runInAsyncScope(() => this.#drain()).finally(() => {
      this.#draining = undefined;
      if (this.#again) this.kick();
    });
  }

  /** Resolves once no job is waiting or running: tests and benches wait for "gone" with it. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe();
    await this.idle();
  }

  async #drain(): Promise<void> {
    while (this.#again && !this.#stopped) {
      this.#again = false;
      // A fresh scope: the queue was kicked from inside a request, whose window closes when it answers.
      let jobs: StoredJob[];
      try {
        jobs = await withDeclaredAccess(JOB_WORKER, () => pendingJobs(), {});
      } catch (error) {
        // No table yet, or storage down: the next job queued looks again.
        console.error('[jobs] could not read the queue:', error);
        return;
      }
      for (const stored of jobs) await this.#run(stored);
      if (jobs.length) this.#again = true;
    }
  }

  async #run(stored: StoredJob): Promise<void> {
    await withDeclaredAccess(
      JOB_WORKER,
      async () => {
        try {
          await settleJob(stored, await runJobStep(stored.job, Date.now() + STEP_BUDGET_MS));
        } catch (error) {
          console.error(`[jobs] ${stored.job.kind} failed (try ${stored.attempts + 1}):`, error);
          await countFailedAttempt(stored.key).catch(() => undefined);
        }
      },
      {},
    );
  }
}
