// The code runner's plain values, apart from its zod schemas so that the pages showing a code block
// do not ship zod (see conversation-constants.ts).

/** The one tool id `POST /api/agents/tools/{toolId}/call` knows; any other is a 404 "unknown tool". */
export const EXECUTE_CODE_TOOL_ID = 'execute_code';

export const CODE_LANGUAGES = ['javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** The names a fenced block or a model may use for each language, lower-cased. */
export const CODE_LANGUAGE_ALIASES: Readonly<Record<string, CodeLanguage>> = {
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  node: 'javascript',
  py: 'python',
  python: 'python',
  python3: 'python',
};

/** The language a fence's info string (`Python`, `js`) names, or undefined when the runner has none. */
export function normaliseCodeLanguage(name: string | undefined | null): CodeLanguage | undefined {
  if (!name) return undefined;
  return CODE_LANGUAGE_ALIASES[name.trim().toLowerCase()];
}

/** The longest program the runner accepts, in characters. */
export const CODE_MAX_LENGTH = 50_000;
/** The run button's throttle (spec 000 section 4). */
export const CODE_RUN_THROTTLE_MS = 1000;
