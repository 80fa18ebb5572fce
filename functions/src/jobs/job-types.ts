import type { ForkRequest } from '../domain/conversations/fork.ts';

/**
 * Work a request starts and the background worker finishes (decision 0034). Each kind is safe to
 * run again from the start: a step that stops early, or fails and is retried, repeats nothing
 * that would double, so a continuation is the same job over again.
 */
export type BackgroundJob =
  /** Messages, large bodies, code runs and reply checkpoints of conversations whose items are already gone. */
  | { kind: 'purgeConversations'; userId: string; conversationIds: string[] }
  /** A delete-all that ran out of request time: the conversations left, as the request would have. */
  | { kind: 'deleteAllConversations'; userId: string }
  /** The messages of a duplicate or fork, copied under the conversation the request made (marked `copying`). */
  | { kind: 'copyConversation'; userId: string; sourceId: string; targetId: string; fork?: ForkRequest }
  /** A tag renamed (`to`) or deleted (`to` null), on every conversation carrying it. */
  | { kind: 'retagConversations'; userId: string; from: string; to: string | null }
  /** What is left of an account once its sign-in, links and profile are gone: its items and files. */
  | { kind: 'purgeAccount'; userId: string; email: string };

export type JobKind = BackgroundJob['kind'];

/** A job step's outcome: finished, or the same job to go on with (it stopped at its deadline). */
export type JobStep = 'done' | 'more';
