// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

/**
 * The user's own profile picture (spec 000 sections 2, 5 and 7; docs/decisions/0020-avatars.md).
 * The browser crops and sends a PNG under `file` (named avatar.png) with `manual` "true"; the server
 * keeps PNG or JPEG bytes only, sniffed from their first bytes.
 */
export const AVATAR_RULES = {
  /** The default largest upload (2 MB); the operator's `files.avatarSizeLimit` overrides it. */
  maxBytes: 2 * 1024 * 1024,
  /** What the chooser accepts, by extension and by type; the server checks the bytes themselves. */
  extensions: ['png', 'jpg', 'jpeg'],
  mimeTypes: ['image/png', 'image/jpeg'],
  /** The round preview's side, in CSS pixels, and the side of the PNG the crop is drawn into. */
  previewPx: 250,
  zoom: { min: 1, max: 5, step: 0.001 },
} as const;

/** The form field the picture travels under. */
export const AVATAR_FILE_FIELD = 'file';
