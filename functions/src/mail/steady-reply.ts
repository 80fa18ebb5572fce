import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a password-reset or verification-resend request takes at least while mail is on. Only
 * a real account is mailed, so without a floor the SES call's time told a stranger whether an
 * address has an account (decision 0009). SES answers well within it.
 */
export const MAIL_REPLY_FLOOR_MS = 1_500;

/** Runs `work` and answers no sooner than the floor after `startedAt`, refusals included, when mail is on. */
export async function atSteadyPace<T>(mailOn: boolean, work: () => Promise<T>, startedAt = Date.now()): Promise<T> {
  try {
    return await work();
  } finally {
    if (mailOn) await sleep(Math.max(0, startedAt + MAIL_REPLY_FLOOR_MS - Date.now()));
  }
}
