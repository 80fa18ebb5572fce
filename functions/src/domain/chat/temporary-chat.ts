/** How long a temporary chat lives (LibreChat's retention); the table's TTL then deletes it. */
export const TEMPORARY_CHAT_DAYS = 30;

export function temporaryExpiry(now: Date): string {
  return new Date(now.getTime() + TEMPORARY_CHAT_DAYS * 86_400_000).toISOString();
}
