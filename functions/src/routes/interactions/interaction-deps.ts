import { randomUUID } from 'node:crypto';
import type { CompassDeps, InteractionDeps } from '../../domain/compass/deps.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import { getUserTimeZone, saveUserTimeZone } from '../../store/user-store.ts';

/** The stores behind the interaction routes and the compass view. */
export const interactionDeps: InteractionDeps = { ...interactionStore, newId: randomUUID };
export const compassDeps: CompassDeps = { interactionsBetween: interactionStore.interactionsBetween, getUserTimeZone, saveUserTimeZone };
