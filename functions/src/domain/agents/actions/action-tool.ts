import type { AgentTool, ToolContext, ToolResult } from '../tools/agent-tool.ts';
import { underServer } from './action-target.ts';
import type { ActionOperation } from './openapi.ts';
import { safeFetch } from './safe-fetch.ts';

/**
 * How an action authenticates a call: nothing, a key or token in a header, or (missing) why it
 * cannot, with the sign-in URL when the user can fix that by signing in (OAuth).
 */
export type ActionCredentials =
  | { type: 'none' }
  | { type: 'service_http'; authorization_type: 'bearer' | 'basic' | 'custom'; custom_auth_header?: string; apiKey: string }
  | { type: 'missing'; reason: string; auth?: { url: string; expiresAt: string } };

export interface ActionCallLimits {
  allowedDomains: readonly string[];
  timeoutMs: number;
  /** The most bytes read from the answer. */
  maxResponseBytes: number;
  /** The most characters of the answer the model reads. */
  maxOutputChars: number;
}

export const DEFAULT_ACTION_LIMITS: Omit<ActionCallLimits, 'allowedDomains'> = { timeoutMs: 10_000, maxResponseBytes: 1_000_000, maxOutputChars: 20_000 };

function authHeaders(credentials: Exclude<ActionCredentials, { type: 'missing' }>): Record<string, string> {
  if (credentials.type === 'none') return {};
  if (credentials.authorization_type === 'bearer') return { authorization: `Bearer ${credentials.apiKey}` };
  if (credentials.authorization_type === 'basic') return { authorization: `Basic ${Buffer.from(credentials.apiKey).toString('base64')}` };
  return { [credentials.custom_auth_header ?? 'X-Api-Key']: credentials.apiKey };
}

const failed = (toolName: string, reason: string): ToolResult => ({ output: `error processing tool ${toolName}: ${reason}` });

/** The request an operation's arguments make: path placeholders filled, query appended, body properties as JSON. */
export function buildRequest(operation: ActionOperation, args: Record<string, unknown>): { url: string; body?: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  let path = operation.urlTemplate;
  for (const name of operation.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === '') throw new Error(`the argument "${name}" is required`);
    path = path.replaceAll(`{${name}}`, encodeURIComponent(text(value)));
  }
  const url = new URL(path);
  for (const name of operation.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, text(item));
  }
  if (operation.bodyParams.length === 0) return { url: url.href };
  const body = Object.fromEntries(operation.bodyParams.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
  return { url: url.href, body: JSON.stringify(body) };
}

/**
 * One operation as a tool. Any failure (a refused host, a timeout, an error status) answers the
 * model with "error processing tool" text so it can recover; only the user's stop is thrown.
 */
export function actionTool(
  operation: ActionOperation,
  credentialsFor: (context: ToolContext) => Promise<ActionCredentials>,
  limits: ActionCallLimits,
  options: {
    /** The server the credentials were entered for: they are never sent to a URL outside it. */
    server?: string;
    /** Told when the server refuses the credentials (401), so a revoked sign-in is asked for again. */
    onRefused?: (context: ToolContext) => Promise<void>;
  } = {},
): AgentTool {
  const { server, onRefused } = options;
  return {
    name: operation.toolName,
    description: operation.description,
    parameters: operation.parameters,
    async run(args, context) {
      try {
        const credentials = await credentialsFor(context);
        if (credentials.type === 'missing') return { ...failed(operation.toolName, credentials.reason), ...(credentials.auth ? { auth: credentials.auth } : {}) };
        const { url, body } = buildRequest(operation, args);
        if (credentials.type !== 'none' && !underServer(url, server)) return failed(operation.toolName, `${url} is outside the server the action's credentials were entered for`);
        const response = await safeFetch(url, {
          method: operation.method,
          headers: { accept: 'application/json, text/plain;q=0.9, */*;q=0.5', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...authHeaders(credentials) },
          body,
          allowedDomains: limits.allowedDomains,
          timeoutMs: limits.timeoutMs,
          maxBytes: limits.maxResponseBytes,
          signal: context.signal,
        });
        const answer = response.body.length > limits.maxOutputChars ? `${response.body.slice(0, limits.maxOutputChars)}\n[answer cut at ${limits.maxOutputChars} characters]` : response.body;
        if (response.status === 401 && onRefused) await onRefused(context);
        if (response.status >= 400) return failed(operation.toolName, `the server answered ${response.status}: ${answer.slice(0, 2_000)}`);
        return { output: answer };
      } catch (error) {
        if (context.signal.aborted) throw error;
        return failed(operation.toolName, error instanceof Error ? error.message : String(error));
      }
    },
  };
}
