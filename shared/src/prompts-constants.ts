// Plain values of this contract, apart from its zod schemas so that pages which only read them do
// not ship zod (see conversation-constants.ts).

export const PROMPT_LIMITS = {
  nameMax: 100,
  onelinerMax: 300,
  promptMax: 20_000,
  /** Spec 000 sections 5 and 9: commands max length 56. */
  commandMax: 56,
  labelsMax: 10,
  labelMax: 40,
  /** Bounds a group's versions and a user's groups, so each list is one bounded query. */
  versionsPerGroup: 50,
  groupsPerUser: 500,
  /** Spec 000 section 9: the prompts page size setting defaults to 10. */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  randomLimitMax: 50,
} as const;

/** A group shared with everyone carries this project id (LibreChat's global "instance" project). */
export const PROMPT_GLOBAL_PROJECT_ID = 'global';

export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The categories a group can be filed under, fixed on the server; the web names them through i18n. */
export const PROMPT_CATEGORIES = ['idea', 'travel', 'teach_or_explain', 'write', 'shop', 'code', 'misc', 'roleplay', 'finance'] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

/** Lower-case letters, digits and hyphens; no leading, trailing or doubled hyphen. */
export const PROMPT_COMMAND_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
