import type { FragmentType, LogEntryType, LogValue } from '@meld/shared';

/**
 * The log's value tag, derived the same way every time from the entry itself:
 * 1. a win is Impact; a woven reflection is Insight; an insight fragment is Insight and a question
 *    fragment Learning (their type already says which value they serve);
 * 2. otherwise the first keyword family the text (title and content) mentions, in this order:
 *    Impact (shipped, delivered, finished...), Connection (team, friend, mentor, talked...),
 *    Insight (realised, noticed, pattern...), Learning (learned, read, course, skill...);
 * 3. otherwise Growth.
 */
const KEYWORDS: readonly [LogValue, RegExp][] = [
  ['Impact', /\b(shipped|delivered|launched|finished|completed|achieved|won|helped|presented|closed|published|solved)\b/],
  ['Connection', /\b(team|teammates?|colleagues?|friends?|family|mentors?|manager|partner|together|conversations?|talked|met|people|community|coffee)\b/],
  ['Insight', /\b(reali[sz]ed?|noticed|insights?|understood|discovered|clarity|patterns?|aha)\b/],
  ['Learning', /\b(learn(ed|ing|t)?|read|reading|course|stud(y|ied|ying)|skills?|practi[cs](e|ed|ing)|books?|lesson)\b/],
];

export function valueTag(type: LogEntryType, text: string, fragmentType?: FragmentType): LogValue {
  if (type === 'win') return 'Impact';
  if (type === 'weave') return 'Insight';
  if (fragmentType === 'insight') return 'Insight';
  if (fragmentType === 'question') return 'Learning';
  const lower = text.toLowerCase();
  for (const [value, pattern] of KEYWORDS) if (pattern.test(lower)) return value;
  return 'Growth';
}
