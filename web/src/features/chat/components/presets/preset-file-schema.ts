/**
 * The preset schema a chosen file is checked against, in a module of its own so that the composer
 * loads it (and the conversation and organize zod schemas it keeps whole) only when a file is
 * imported, not on every conversation page's load.
 */
export { savePresetBody } from '@meld/shared';
