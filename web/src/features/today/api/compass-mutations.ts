import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { showToast } from '@/lib/toast.ts';
import { saveInteraction, todayKeys, type InteractionBody } from './today-queries.ts';

export interface CompassDraft {
  mood: number;
  energy: number;
  note: string;
}

/** The day's existing interaction ids: a save updates these instead of creating new ones. */
export interface CompassIds {
  mood: string | null;
  energy: string | null;
  note: string | null;
}

/** One idempotency key per interaction for an editing session, so a retried save never duplicates. */
export type RequestIds = Record<keyof CompassIds, string>;

export const newRequestIds = (): RequestIds => ({ mood: crypto.randomUUID(), energy: crypto.randomUUID(), note: crypto.randomUUID() });

interface SaveCompass {
  draft: CompassDraft;
  ids: CompassIds;
  requestIds: RequestIds;
}

/**
 * Saves the compass: mood and energy always, the note when it is not blank, in parallel
 * (spec 002 section 7). Answers the ids now holding each value; the day view refetches.
 */
export function useSaveCompass(date: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft, ids, requestIds }: SaveCompass): Promise<CompassIds> => {
      const slider = (type: 'mood' | 'energy', value: number): InteractionBody => ({
        kind: 'compass',
        promptText: t(`today.compass.prompt.${type}`),
        numericAnswer: value,
        captureMethod: 'slider',
        interactionMeta: { type, scale: 100 },
        date,
        clientRequestId: requestIds[type],
      });
      const note = draft.note.trim();
      const [mood, energy, noteSaved] = await Promise.all([
        saveInteraction(ids.mood, slider('mood', draft.mood)),
        saveInteraction(ids.energy, slider('energy', draft.energy)),
        note
          ? saveInteraction(ids.note, {
              kind: 'compass',
              promptText: t('today.compass.prompt.note'),
              responseText: note,
              captureMethod: 'text',
              interactionMeta: { type: 'note' },
              date,
              clientRequestId: requestIds.note,
            })
          : null,
      ]);
      return { mood: mood._id, energy: energy._id, note: noteSaved?._id ?? ids.note };
    },
    onError: () => showToast({ message: t('today.compass.saveFailed'), severity: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: todayKeys.views() }),
  });
}
