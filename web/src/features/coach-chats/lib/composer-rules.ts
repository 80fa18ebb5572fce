import { COACH_CHAT_LIMITS } from '@meld/shared';

/** The composer's counter (spec 002 section 5): hidden up to 120 characters, a warning above 400. */
export function counterState(length: number): 'hidden' | 'normal' | 'warning' {
  if (length <= COACH_CHAT_LIMITS.counterAfter) return 'hidden';
  return length > COACH_CHAT_LIMITS.warnAbove ? 'warning' : 'normal';
}

/** Empty or whitespace-only text is never sent. */
export function sendable(text: string): boolean {
  return text.trim().length > 0 && text.length <= COACH_CHAT_LIMITS.messageMax;
}
