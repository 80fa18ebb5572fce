import type { InteractionType } from '@meld/shared';
import type { StoredInteraction } from '../../store/interaction-store.ts';
import { applyInteractionChange } from '../compass/interactions.ts';

/**
 * A win's title and description are interactions of kind `win` (spec 002: the tile's title is
 * "the interaction's responseText"), written only here, with the win; the win item keeps a copy
 * of both so the vault is one query.
 */
export interface WinInteractionStore {
  insertInteraction(userId: string, interaction: StoredInteraction): Promise<boolean>;
  updateInteraction(userId: string, id: string, change: (current: StoredInteraction) => StoredInteraction): Promise<StoredInteraction | undefined>;
  deleteInteraction(userId: string, id: string): Promise<void>;
}

export type WinTextType = Extract<InteractionType, 'win-title' | 'win-description'>;

/** The questions the create dialog asks (spec 002 section 2). */
const PROMPTS: Record<WinTextType, string> = {
  'win-title': 'What did you achieve?',
  'win-description': 'Describe your win',
};

export function winInteraction(id: string, type: WinTextType, text: string, date: string, now: Date): StoredInteraction {
  const at = now.toISOString();
  return { _id: id, kind: 'win', promptText: PROMPTS[type], responseText: text, captureMethod: 'text', interactionMeta: { type }, date, capturedAt: at, updatedAt: at };
}

/** Saves a new text (and local day) on the win's interaction; writes the interaction if it is missing. */
export async function saveWinText(
  userId: string,
  id: string,
  type: WinTextType,
  text: string,
  date: string,
  now: Date,
  store: WinInteractionStore,
): Promise<void> {
  const saved = await store.updateInteraction(userId, id, (current) => applyInteractionChange(current, { responseText: text, date }, now));
  if (!saved) await store.insertInteraction(userId, winInteraction(id, type, text, date, now));
}
