import { awsSigner } from '../aws/aws-signer.ts';
import * as z from 'zod';
import { env } from '../config/env.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import type { CodeRunRequest, CodeRunResult } from './types.ts';

/**
 * The Lambda's answer is checked like a sandbox process's message: in the Lambda a program shares
 * the runtime API on localhost with its handler and may post an answer of its own.
 */
const answer: z.ZodType<CodeRunResult> = z.object({
  stdout: z.string(),
  stderr: z.string(),
  result: z.string().optional(),
  error: z.string().optional(),
  timedOut: z.boolean(),
  files: z.array(z.object({ name: z.string().min(1).max(1024), base64: z.string() })).max(DEFAULT_LIMITS.maxFiles),
});

/**
 * Invokes the code-runner Lambda with a signed fetch (the Lambda SDK would add ~100 KB to the
 * route's bundle). The route's role may invoke that one function only.
 */
export async function invokeCodeRunner(functionName: string, request: CodeRunRequest, signal?: AbortSignal): Promise<CodeRunResult> {
  const url = `https://lambda.${env.region()}.amazonaws.com/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
  const response = await awsSigner('lambda', { retries: 1 }).fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The code runner could not be invoked (${response.status})`);
  // A thrown handler answers 200 with this header and the error as the payload.
  if (response.headers.get('x-amz-function-error')) throw new Error(`The code runner failed: ${text.slice(0, 500)}`);
  const parsed = answer.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('The code runner answered in an unexpected form');
  return parsed.data;
}
