import { ADMIN_LIMITS, type RouteBody } from '@meld/shared';

/** What the create form holds: text as typed (the code already upper-cased). */
export interface AccessCodeDraft {
  code: string;
  maxUses: string;
  /** A datetime-local value (the admin's own zone), or ''. */
  expiresAt: string;
}

export type AccessCodeField = keyof AccessCodeDraft;
export type DraftProblem = 'code' | 'maxUses' | 'expiresPast';

/** The server's rule (shared/src/schemas/admin.ts), checked here first so the admin reads a plain sentence. */
const CODE_PATTERN = new RegExp(`^[A-Z0-9][A-Z0-9-]{${ADMIN_LIMITS.accessCodeMin - 1},${ADMIN_LIMITS.accessCodeMax - 1}}$`);

/** The body to send, or the first problem of each field. Blank fields mean: generate, unlimited, no end. */
export function readDraft(draft: AccessCodeDraft, now: Date): { body: RouteBody<'createAccessCode'> } | { problems: Partial<Record<AccessCodeField, DraftProblem>> } {
  const problems: Partial<Record<AccessCodeField, DraftProblem>> = {};
  const code = draft.code.trim();
  if (code && !CODE_PATTERN.test(code)) problems.code = 'code';

  const usesText = draft.maxUses.trim();
  const maxUses = usesText ? Number(usesText) : null;
  if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses >= 1 && maxUses <= ADMIN_LIMITS.accessCodeUsesMax)) problems.maxUses = 'maxUses';

  // A datetime-local value without a zone is read in the browser's zone, which is the admin's.
  const expires = draft.expiresAt ? new Date(draft.expiresAt) : null;
  if (expires && !(expires.getTime() > now.getTime())) problems.expiresAt = 'expiresPast';

  if (Object.keys(problems).length > 0) return { problems };
  return { body: { ...(code ? { code } : {}), maxUses, expiresAt: expires ? expires.toISOString() : null } };
}

/** `2026-11-22T14:05` for a datetime-local input's `min`, in the browser's zone. */
export function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
