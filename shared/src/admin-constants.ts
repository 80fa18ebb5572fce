// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

export const ADMIN_LIMITS = {
  /** The users list asks for up to this many per page (spec 002 section 9). */
  usersPageMax: 1000,
  usersPageDefault: 100,
  searchMax: 100,
  accessCodeMin: 4,
  accessCodeMax: 32,
  accessCodeUsesMax: 100_000,
  /** Codes the admin leaves blank are generated as PILOT- plus this many characters. */
  generatedCodeLength: 6,
  bannerMessageMax: 5000,
} as const;

/** The server's texts the panel shows as they come (spec 002 sections 5 and 8). */
export const ADMIN_MESSAGES = {
  ownRole: 'Cannot change your own role',
  ownAccount: 'Cannot delete your own account',
  userNotFound: 'User not found',
  userDeleted: 'User deleted successfully',
  signupNotFound: 'User interest signup not found',
  mentorNotFound: 'Mentor interest submission not found',
  codeTaken: 'An access code with this name already exists',
  codeNotFound: 'Access code not found',
  bannerNotFound: 'Banner not found',
  bannerWindow: 'The banner must end after it starts',
  bannerEmpty: 'The banner message has no text left once unsafe HTML is removed',
} as const;
