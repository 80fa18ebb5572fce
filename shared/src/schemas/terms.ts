import * as z from 'zod';

/**
 * GET /api/user/terms: whether the user has accepted, when, and the terms themselves (markdown
 * from the app config; the browser renders it without raw HTML).
 */
export const termsResponse = z.object({
  termsAccepted: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  /** The operator's heading for the dialog; null leaves the browser's own. */
  title: z.string().nullable(),
  text: z.string(),
});
export type TermsResponse = z.infer<typeof termsResponse>;

/** POST /api/user/terms/accept (no payload): the acceptance as recorded, the first one's time kept. */
export const acceptTermsResponse = z.object({ message: z.string(), termsAccepted: z.literal(true), termsAcceptedAt: z.string() });
export type AcceptTermsResponse = z.infer<typeof acceptTermsResponse>;
