import type { LocalePart } from './locale-parts.ts';

// Plain data with no imports at run time: the build (web/chunk-groups.ts) reads these too, to put
// each set's strings in one chunk.

/**
 * What every signed-in page can show whatever the route: the shell and its chat history, the
 * settings dialog, the message tree (chat, agents) and the composer's prompt picker.
 */
export const SIGNED_IN_PARTS: readonly LocalePart[] = [
  'shell', 'terms', 'mentorFeed', 'settings', 'twoFactor', 'speech', 'artifacts', 'attachments',
  'chat', 'composer', 'messages', 'codeRun', 'roles', 'prompts', 'sendChecks',
];

/**
 * What the public share page shows: its own strings, the message tree's and the attachments and
 * artifacts in it. Not code runs (only in an open conversation) nor read-aloud (not offered there).
 */
export const SHARE_PAGE_PARTS: readonly LocalePart[] = ['share', 'messages', 'attachments', 'artifacts'];

/**
 * The parts a signed-out visitor's pages load (app/routes.tsx): the build leaves them out of the
 * signed-in strings' chunk, so a public page never downloads the signed-in app's strings.
 */
export const PUBLIC_PAGE_PARTS: readonly LocalePart[] = ['landing', 'register', 'twoFactor', 'interest', 'mentorInterview', ...SHARE_PAGE_PARTS];
