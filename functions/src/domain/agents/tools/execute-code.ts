import { CODE_MAX_LENGTH, normaliseCodeLanguage } from '@meld/shared';
import { codeRunDeps } from '../../code-runner/code-run-deps.ts';
import { executeCode, type CodeRunDeps } from '../../code-runner/execute-code.ts';
import type { AgentTool } from './agent-tool.ts';

/**
 * The agents' code tool: runs `{ lang, code }` in the same sandbox as a code block's Run button
 * and answers with the run's text; files the program wrote become the reply's attachments. Bad
 * arguments and a failing sandbox answer "error processing tool" text, so the model can recover.
 */
export function createExecuteCodeTool(deps: (userId: string, now: Date) => CodeRunDeps): AgentTool {
  return {
    name: 'execute_code',
    description:
      'Runs JavaScript or Python in a sandbox without network access and returns stdout, stderr and the value of the last expression. Files written to /mnt/data (Python) come back to the user as attachments.',
    parameters: {
      type: 'object',
      properties: {
        lang: { type: 'string', enum: ['javascript', 'python'], description: 'The language of the code.' },
        code: { type: 'string', description: 'The complete program to run.' },
      },
      required: ['lang', 'code'],
      additionalProperties: false,
    },
    async run(args, context) {
      const lang = normaliseCodeLanguage(typeof args.lang === 'string' ? args.lang : undefined);
      const code = typeof args.code === 'string' ? args.code : '';
      if (!lang) return { output: 'error processing tool: lang must be javascript or python' };
      if (!code.trim() || code.length > CODE_MAX_LENGTH) return { output: `error processing tool: code must be 1 to ${CODE_MAX_LENGTH} characters` };
      try {
        const { result, attachments } = await executeCode(deps(context.userId, context.now), { userId: context.userId, toolCallId: context.toolCallId, lang, code, signal: context.signal, now: context.now });
        return { output: result, attachments };
      } catch (error) {
        if (context.signal.aborted) throw error;
        return { output: `error processing tool: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

export const executeCodeTool: AgentTool = createExecuteCodeTool(codeRunDeps);
