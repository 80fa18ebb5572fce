import * as z from 'zod';
import { toolAttachmentSchema } from './chat.ts';
import { CODE_LANGUAGES, CODE_MAX_LENGTH, normaliseCodeLanguage } from '../code-runner-constants.ts';

export { CODE_LANGUAGES, CODE_LANGUAGE_ALIASES, CODE_MAX_LENGTH, CODE_RUN_THROTTLE_MS, EXECUTE_CODE_TOOL_ID, normaliseCodeLanguage } from '../code-runner-constants.ts';
export type { CodeLanguage } from '../code-runner-constants.ts';

/**
 * The code runner (issue 11; spec 000 sections 4 and 7; docs/decisions/0025-code-runner-sandbox.md):
 * a reply's code block or an agent's code tool runs JavaScript (QuickJS) or Python (Pyodide) in a
 * sandbox with no network and a scratch directory whose new files come back as attachments.
 */

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
