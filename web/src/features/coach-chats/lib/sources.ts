import type { CoachSources } from '@meld/shared';
import type { TFunction } from 'i18next';

/** "Drawing on your last 7 check-ins and 2 fragments": only what the reply actually read. */
export function sourceNote(sources: CoachSources, t: TFunction, language = 'en'): string {
  const parts = (['checkIns', 'reflections', 'summaries', 'wins', 'fragments', 'goals'] as const)
    .filter((key) => sources[key] > 0)
    .map((key) => t(`coachChats.sources.${key}`, { count: sources[key] }));
  if (parts.length === 0) return t('coachChats.sources.none');
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(parts);
  return t('coachChats.sources.note', { list });
}
