import { purgeAccount } from '../domain/account/delete-account.ts';
import { copyMessages } from '../domain/conversations/copy.ts';
import { deleteAllConversations } from '../domain/conversations/delete.ts';
import { retagConversations } from '../domain/tags/conversation-tags.ts';
import { copyJobDeps, deleteDeps } from '../routes/convos/convo-deps.ts';
import { tagDeps } from '../routes/tags/tag-deps.ts';
import { accountPurgeStore } from '../store/account-store.ts';
import { deleteMessagePage, deleteReplyChunkPage, deleteToolCallPage } from '../store/purge-store.ts';
import type { BackgroundJob, JobStep } from './job-types.ts';

type StepOf<K extends BackgroundJob['kind']> = (job: Extract<BackgroundJob, { kind: K }>, deadline: number) => Promise<JobStep>;

/** Deletes pages until none is left, or says 'more' at the deadline. */
async function emptyPages(deletePage: () => Promise<number>, deadline: number): Promise<JobStep> {
  while ((await deletePage()) > 0) if (Date.now() >= deadline) return 'more';
  return 'done';
}

const purgeConversations: StepOf<'purgeConversations'> = async (job, deadline) => {
  for (const conversationId of job.conversationIds) {
    if ((await emptyPages(() => deleteMessagePage(job.userId, conversationId), deadline)) === 'more') return 'more';
    if ((await emptyPages(() => deleteToolCallPage(job.userId, conversationId), deadline)) === 'more') return 'more';
    if ((await emptyPages(() => deleteReplyChunkPage(job.userId, conversationId), deadline)) === 'more') return 'more';
  }
  return 'done';
};

/** Each kind's step. A step does what it can before `deadline`; 'more' runs the same job again. */
const STEPS: { [K in BackgroundJob['kind']]: StepOf<K> } = {
  purgeConversations,
  deleteAllConversations: async (job, deadline) => ((await deleteAllConversations(job.userId, deadline, deleteDeps)).finished ? 'done' : 'more'),
  copyConversation: async (job) => {
    await copyMessages(job, copyJobDeps);
    return 'done';
  },
  retagConversations: async (job) => {
    await retagConversations(job.userId, job.from, job.to ?? undefined, tagDeps);
    return 'done';
  },
  purgeAccount: (job, deadline) => purgeAccount(job, deadline, accountPurgeStore),
};

/** Runs one step of `job`, the worker's and the local runner's one way in. */
export function runJobStep(job: BackgroundJob, deadline: number): Promise<JobStep> {
  return (STEPS[job.kind] as StepOf<typeof job.kind>)(job as never, deadline);
}
