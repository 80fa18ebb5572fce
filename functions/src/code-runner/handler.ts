import { CODE_LANGUAGES, CODE_MAX_LENGTH } from '@meld/shared';
import * as z from 'zod';
import { localSandbox } from './local-sandbox.ts';
import type { CodeRunResult } from './types.ts';

const runRequest = z.object({ lang: z.enum(CODE_LANGUAGES), code: z.string().min(1).max(CODE_MAX_LENGTH) });

// Started during the cold start's init phase, so an interpreter is loading before the first run arrives.
localSandbox().warm();

/**
 * The code-runner Lambda (decision 0025): invoked only by the tool route, with no network (isolated
 * subnets) and a role that may only write its logs. Each run is a process of its own, as locally.
 */
export async function handler(event: unknown): Promise<CodeRunResult> {
  const request = runRequest.parse(event);
  return localSandbox().run(request);
}
