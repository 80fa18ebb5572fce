// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/**
 * Fragments (spec 002, issue 8): short notes a member captures, typed by the spec's ordered rules,
 * woven into reflections, clustered into themes. Persisted per user (ARCHITECTURE.md "Beyond the spec").
 */

export const FRAGMENT_TYPES = ['quote', 'insight', 'question', 'todo', 'general'] as const;
export type FragmentType = (typeof FRAGMENT_TYPES)[number];
export const FRAGMENT_SOURCES = ['web', 'manual', 'voice'] as const;
export type FragmentSource = (typeof FRAGMENT_SOURCES)[number];

export const FRAGMENT_LIMITS = {
  contentMax: 5_000,
  tagMax: 40,
  tagsMax: 10,
  urlMax: 2_000,
  /** A voice note is at most 90 seconds (spec 002 section 9). */
  voiceNoteMaxMs: 90_000,
  weaveTitleMax: 200,
  weaveBodyMax: 20_000,
  weaveMin: 1,
  weaveMax: 20,
  pageMax: 100,
  /** Previews cut at 200 characters in the list and 120 in the weave dialog. */
  listPreview: 200,
  weavePreview: 120,
  /** The list shows 2 tags plus a "+N" count. */
  tagsShown: 2,
} as const;

/**
 * Words inside quotation marks: "…", “…”, ‘…’ or '…' standing apart from letters. An apostrophe
 * inside a word ("can't", "Sam’s") is not a quotation (issue 26 departs from the spec's "a quote mark
 * or apostrophe", which typed "I can't decide" as a quote).
 */
const QUOTED = /"[^"]*\S[^"]*"|“[^”]*\S[^”]*”|‘[^’]*\S[^’]*’|(?<![\p{L}\p{N}])'[^']*\S[^']*'(?![\p{L}\p{N}])/u;

/**
 * The auto-detected type, rules in order: quoted words; a trailing "?"; "tomorrow"/"next" or
 * starting with schedule/call/email; "i realized"/"i learned"/"insight"; otherwise general. One
 * function for the browser's preview and the server's default.
 */
export function detectFragmentType(content: string): FragmentType {
  const text = content.trim();
  const lower = text.toLowerCase();
  if (QUOTED.test(text)) return 'quote';
  if (text.endsWith('?')) return 'question';
  if (/\b(tomorrow|next)\b/.test(lower) || /^(schedule|call|email)\b/.test(lower)) return 'todo';
  if (lower.includes('i realized') || lower.includes('i learned') || lower.includes('insight')) return 'insight';
  return 'general';
}

/** Words as the spec counts them: split on spaces. */
export function fragmentWordCount(content: string): number {
  return content.trim().split(/\s+/).filter(Boolean).length;
}
