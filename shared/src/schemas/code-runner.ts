import * as z from 'zod';
import { toolAttachmentSchema } from './chat.ts';

/**
 * The code runner (issue 11; spec 000 sections 4 and 7; docs/decisions/0025-code-runner-sandbox.md):
 * a reply's code block or an agent's code tool runs JavaScript (QuickJS) or Python (Pyodide) in a
 * sandbox with no network and a scratch directory whose new files come back as attachments.
 */

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

/** An alias or a canonical name; the parsed value is always canonical. */
export const codeLanguageSchema = z
  .string()
  .transform((value, context) => {
    const language = normaliseCodeLanguage(value);
    if (!language) {
      context.addIssue({ code: 'custom', message: `The code runner runs ${CODE_LANGUAGES.join(' and ')}` });
      return z.NEVER;
    }
    return language;
  });

export const toolIdParams = z.object({ toolId: z.string().min(1).max(200) });

/**
 * A code-tool call (spec 000 section 7): the code and the message it came from. A code block in a
 * reply also names its place (the content part, and where the block starts in that part's text)
 * so the reloaded reply shows its run.
 */
export const executeCodeBody = z.object({
  lang: codeLanguageSchema,
  code: z.string().min(1).max(CODE_MAX_LENGTH),
  messageId: z.string().min(1).max(200),
  conversationId: z.string().min(1).max(200).optional(),
  partIndex: z.number().int().min(0).max(10_000).optional(),
  blockIndex: z.number().int().min(0).max(10_000_000).optional(),
});
export type ExecuteCodeBody = z.input<typeof executeCodeBody>;

/** The run's readable text (stdout, stderr, the value or the error) and the files it wrote. */
export const executeCodeResponse = z.object({
  result: z.string(),
  attachments: z.array(toolAttachmentSchema),
});
export type ExecuteCodeResponse = z.infer<typeof executeCodeResponse>;

/** One past run, listed by `GET /api/agents/tools/calls?conversationId=` (LibreChat's ToolCall record). */
export const toolCallRecordSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  conversationId: z.string(),
  messageId: z.string(),
  partIndex: z.number().int().optional(),
  blockIndex: z.number().int().optional(),
  lang: z.enum(CODE_LANGUAGES),
  result: z.string(),
  attachments: z.array(toolAttachmentSchema),
  createdAt: z.string(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const listToolCallsQuery = z.object({ conversationId: z.string().min(1).max(200) });
export const listToolCallsResponse = z.array(toolCallRecordSchema);
