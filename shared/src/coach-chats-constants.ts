// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/**
 * Coach chats (spec 002 "Chats screen", issue 8): threads with the configured coach model. A
 * thread is a conversation of the chat engine plus its coach state (pin, mute, context chips,
 * reactions); docs/decisions/0015-coach-chats.md.
 */

export const COACH_CHAT_LIMITS = {
  /** The composer (spec 002 section 5): at most 500 characters, counter after 120, warning above 400. */
  messageMax: 500,
  counterAfter: 120,
  warnAbove: 400,
  /** Mute for 7 days (spec 002 section 9). */
  muteDays: 7,
  /** The header shows 2 chips plus a count, each cut at 15 characters. */
  chipsShown: 2,
  chipChars: 15,
  chipsMax: 10,
  tagMax: 40,
} as const;
