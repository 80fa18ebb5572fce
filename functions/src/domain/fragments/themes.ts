import type { Fragment, ThemeCluster } from '@meld/shared';

/**
 * Themes without a model: each theme is a vocabulary of words, compared after a light stemming so
 * "presenting", "presentation" and "presented" count alike, plus the fragment's tags (a tag naming
 * a theme or one of its words weighs double). A fragment falls in its best-scoring theme, the
 * earlier theme winning a tie, or in none. Deterministic: the same fragments give the same themes.
 */

interface ThemeDef {
  id: string;
  label: string;
  color: string;
  words: string[];
}

const THEMES: ThemeDef[] = [
  {
    id: 'communication',
    label: 'Communication',
    color: '#3b82f6',
    words: ['communicate', 'communication', 'present', 'presentation', 'slides', 'listen', 'feedback', 'conversation', 'meeting', 'email', 'speak', 'talk', 'message', 'story', 'audience', 'explain', 'clarity', 'pitch', 'writing', 'question', 'ask'],
  },
  {
    id: 'leadership',
    label: 'Leadership',
    color: '#8b5cf6',
    words: ['lead', 'leader', 'leadership', 'team', 'manage', 'delegate', 'mentor', 'decision', 'decide', 'vision', 'ownership', 'influence', 'coach', 'hire', 'responsibility', 'strategy', 'direction', 'empower'],
  },
  {
    id: 'growth',
    label: 'Growth',
    color: '#10b981',
    words: ['learn', 'grow', 'growth', 'skill', 'mistake', 'fail', 'failure', 'improve', 'curious', 'curiosity', 'book', 'read', 'habit', 'practice', 'course', 'lesson', 'insight', 'reflect', 'realize', 'understand', 'challenge'],
  },
  {
    id: 'productivity',
    label: 'Productivity',
    color: '#f59e0b',
    words: ['focus', 'priority', 'prioritize', 'deadline', 'schedule', 'task', 'todo', 'plan', 'calendar', 'ship', 'deliver', 'finish', 'done', 'block', 'distraction', 'efficient', 'workflow', 'routine', 'inbox', 'time'],
  },
  {
    id: 'wellbeing',
    label: 'Wellbeing',
    color: '#ec4899',
    words: ['energy', 'sleep', 'rest', 'stress', 'exercise', 'health', 'burnout', 'calm', 'walk', 'break', 'tired', 'recharge', 'anxiety', 'breathe', 'meditate', 'balance', 'run', 'weekend'],
  },
  {
    id: 'relationships',
    label: 'Relationships',
    color: '#06b6d4',
    words: ['friend', 'family', 'partner', 'trust', 'empathy', 'gratitude', 'thank', 'grateful', 'colleague', 'connect', 'connection', 'kind', 'kindness', 'support', 'help', 'relationship'],
  },
];

/** Suffixes removed in this order, at most twice, keeping a stem of at least three letters. */
const SUFFIXES = ['ational', 'ization', 'fulness', 'ations', 'ation', 'ating', 'ments', 'ment', 'ness', 'ship', 'ings', 'ing', 'ated', 'ates', 'ate', 'ize', 'ity', 'ies', 'ers', 'er', 'ed', 'es', 'ly', 's', 'e', 'y'];

export function stem(word: string): string {
  let current = word.toLowerCase().replace(/['’]s$/, '');
  for (let pass = 0; pass < 2; pass++) {
    const suffix = SUFFIXES.find((candidate) => current.endsWith(candidate) && current.length - candidate.length >= 3);
    if (!suffix) break;
    current = current.slice(0, -suffix.length);
  }
  return current;
}

const vocabularies = THEMES.map((theme) => ({ theme, stems: new Set([theme.id, ...theme.words].map(stem)) }));

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z'’]*/g) ?? [];
}

/** The theme a fragment falls in, from its content and tags; null when no theme's words appear. */
export function themeOf(fragment: Pick<Fragment, 'content' | 'tags'>): string | null {
  const contentStems = words(fragment.content).map(stem);
  const tagStems = fragment.tags.flatMap(words).map(stem);
  let best: { id: string; score: number } | null = null;
  for (const { theme, stems } of vocabularies) {
    const score = contentStems.filter((word) => stems.has(word)).length + 2 * tagStems.filter((word) => stems.has(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { id: theme.id, score };
  }
  return best?.id ?? null;
}

const DAY_MS = 86_400_000;

/** Percent change of the last 30 days against the 30 before, whole numbers; null with none before. */
function changePercent(timestamps: string[], now: Date): number | null {
  const end = now.getTime();
  const at = timestamps.map((timestamp) => Date.parse(timestamp));
  const recent = at.filter((time) => time > end - 30 * DAY_MS && time <= end).length;
  const before = at.filter((time) => time > end - 60 * DAY_MS && time <= end - 30 * DAY_MS).length;
  if (before === 0) return null;
  return Math.round(((recent - before) / before) * 100);
}

/** The user's themes that have fragments, largest first (theme order breaks a tie), newest fragment first. */
export function clusterFragments(fragments: Pick<Fragment, 'id' | 'content' | 'tags' | 'timestamp'>[], now: Date): ThemeCluster[] {
  const members = new Map<string, typeof fragments>();
  for (const fragment of [...fragments].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id))) {
    const id = themeOf(fragment);
    if (id) members.set(id, [...(members.get(id) ?? []), fragment]);
  }
  return THEMES.filter((theme) => members.has(theme.id))
    .map((theme) => {
      const inTheme = members.get(theme.id)!;
      return {
        id: theme.id,
        label: theme.label,
        fragmentCount: inTheme.length,
        changePercent: changePercent(
          inTheme.map((fragment) => fragment.timestamp),
          now,
        ),
        color: theme.color,
        fragmentIds: inTheme.map((fragment) => fragment.id),
      };
    })
    .sort((a, b) => b.fragmentCount - a.fragmentCount);
}
