import type { InteractionKind } from '@meld/shared';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import type { TimeZoneDeps } from './user-clock.ts';

/** The storage interactions and the compass view need; routes pass the stores, tests fakes. */
export interface InteractionDeps {
  newId(): string;
  insertInteraction(userId: string, interaction: StoredInteraction): Promise<boolean>;
  getInteraction(userId: string, id: string, consistent?: boolean): Promise<StoredInteraction | undefined>;
  updateInteraction(userId: string, id: string, change: (current: StoredInteraction) => StoredInteraction): Promise<StoredInteraction | undefined>;
  claimInteractionRequest(userId: string, clientRequestId: string, interactionId: string, now: Date): Promise<string | undefined>;
  listInteractions(userId: string, options: { kind?: InteractionKind | undefined; limit: number; direction: 'asc' | 'desc' }): Promise<StoredInteraction[]>;
  interactionsBetween(userId: string, from: string, to: string): Promise<StoredInteraction[]>;
}

export type CompassDeps = Pick<InteractionDeps, 'interactionsBetween'> & TimeZoneDeps;
