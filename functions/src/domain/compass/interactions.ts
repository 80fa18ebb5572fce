import { ERROR_CODES, interactionShapeProblem, type CreateInteractionBody, type InteractionMeta, type ListInteractionsQuery, type UpdateInteractionBody } from '@meld/shared';

/** A change to an interaction: a request's, or the server's own (which may also record who wrote a summary and when). */
export type InteractionChange = Omit<UpdateInteractionBody, 'interactionMeta'> & { interactionMeta?: Partial<InteractionMeta> | undefined };
import { DomainError } from '../errors.ts';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import type { InteractionDeps } from './deps.ts';

function notFound(): DomainError {
  return new DomainError('not-found', ERROR_CODES.notFound, 'Interaction not found');
}

/**
 * Saves a new interaction. With a clientRequestId the id is claimed first (decision 0001): a
 * retry finds the claim and answers with the first save, or finishes it when the first request
 * died between claim and save.
 */
export async function createInteraction(userId: string, body: CreateInteractionBody, now: Date, deps: InteractionDeps): Promise<StoredInteraction> {
  let id = deps.newId();
  if (body.clientRequestId) {
    const claimedFor = await deps.claimInteractionRequest(userId, body.clientRequestId, id, now);
    if (claimedFor) {
      const first = await deps.getInteraction(userId, claimedFor, true);
      if (first) return first;
      id = claimedFor;
    }
  }
  const at = now.toISOString();
  const interaction: StoredInteraction = { ...body, _id: id, capturedAt: at, updatedAt: at };
  if (await deps.insertInteraction(userId, interaction)) return interaction;
  // A concurrent retry of the same request saved it first.
  const saved = await deps.getInteraction(userId, id, true);
  if (!saved) throw new Error(`Interaction ${id} was neither saved nor found`);
  return saved;
}

export async function getInteraction(userId: string, id: string, deps: Pick<InteractionDeps, 'getInteraction'>): Promise<StoredInteraction> {
  const found = await deps.getInteraction(userId, id);
  if (!found) throw notFound();
  return found;
}

/** Applies the sent fields; interactionMeta's are merged, so a summary can be added alone. */
export function applyInteractionChange(current: StoredInteraction, change: InteractionChange, now: Date): StoredInteraction {
  const { interactionMeta, ...fields } = change;
  const next: StoredInteraction = { ...current, updatedAt: now.toISOString() };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) Object.assign(next, { [name]: value });
  if (interactionMeta) {
    next.interactionMeta = { ...current.interactionMeta };
    // A summary written by anyone but the summary route has no recorded author or time.
    if (interactionMeta.generatedSummary !== undefined && interactionMeta.summarySource === undefined) {
      delete next.interactionMeta.summarySource;
      delete next.interactionMeta.summarizedAt;
    }
    for (const [name, value] of Object.entries(interactionMeta)) if (value !== undefined) Object.assign(next.interactionMeta, { [name]: value });
  }
  // Never go backwards in time: the condition of the write compares updatedAt.
  if (next.updatedAt <= current.updatedAt) next.updatedAt = new Date(Date.parse(current.updatedAt) + 1).toISOString();
  const problem = interactionShapeProblem(next);
  if (problem) throw new DomainError('invalid', ERROR_CODES.validation, problem.message, problem.field);
  return next;
}

/** A win's title and description change only with the win (`PATCH /api/wins/{id}`), so the tile never disagrees with them. */
export function assertNotWinInteraction(current: StoredInteraction): void {
  if (current.kind === 'win') throw new DomainError('invalid', ERROR_CODES.validation, "A win's interactions are saved with the win: use /api/wins", 'kind');
}

/** A rule the changed interaction must pass, seeing what was stored; throwing refuses the change. */
export type InteractionGuard = (next: StoredInteraction, current: StoredInteraction) => void;

export async function updateInteraction(
  userId: string,
  id: string,
  change: InteractionChange,
  now: Date,
  deps: Pick<InteractionDeps, 'updateInteraction'>,
  guard?: InteractionGuard,
): Promise<StoredInteraction> {
  const saved = await deps.updateInteraction(userId, id, (current) => {
    const next = applyInteractionChange(current, change, now);
    guard?.(next, current);
    return next;
  });
  if (!saved) throw notFound();
  return saved;
}

export async function listInteractions(userId: string, query: ListInteractionsQuery, deps: Pick<InteractionDeps, 'listInteractions'>) {
  return { interactions: await deps.listInteractions(userId, { kind: query.kind, limit: query.limit, direction: query.sortDirection }) };
}
