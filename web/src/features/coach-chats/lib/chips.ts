import { COACH_CHAT_LIMITS, type ContextChip, type ContextChipInput } from '@meld/shared';

/** A chip's text cut at 15 characters (spec 002 section 3), with an ellipsis when cut. */
export function truncateChip(text: string, max: number = COACH_CHAT_LIMITS.chipChars): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** The header shows 2 chips and counts the rest. */
export function visibleChips(chips: readonly ContextChip[], shown: number = COACH_CHAT_LIMITS.chipsShown): { shown: ContextChip[]; more: number } {
  return { shown: chips.slice(0, shown), more: Math.max(0, chips.length - shown) };
}

/** The chips as the server takes them back (a change replaces the whole list). */
export function chipInputs(chips: readonly ContextChip[]): ContextChipInput[] {
  return chips.map((chip) => (chip.kind === 'tag' ? { kind: 'tag', tag: chip.id } : { kind: 'fragment', fragmentId: chip.id }));
}
