/**
 * Reading LibreChat-shaped tool_call parts (spec 000 sections 3 and 4): a function or action
 * call (`name`, `args`, `output`, `auth`, `expires_at`), a code interpreter run (`input`, outputs
 * with logs), the code-execution tool (`execute_code`, args `{ lang, code }`), or file search /
 * retrieval; each with a progress from 0 to 1 (0.1 when missing).
 */
export type ToolCallKind = 'function' | 'code' | 'search';
export type ToolCallState = 'running' | 'done' | 'failed' | 'stopped' | 'auth';

export interface ToolCallView {
  kind: ToolCallKind;
  id: string | null;
  /** The function name, without an encoded domain or server. */
  name: string;
  /** The action's domain or the tool server, `---` read as `.`. */
  domain: string | null;
  args: string;
  output: string;
  progress: number;
  auth: string | null;
  expiresAt: number | null;
  /** For code runs: the language and the code. */
  code: { language: string; input: string } | null;
}

const DEFAULT_PROGRESS = 0.1;
const ACTION_DELIMITER = '_action_';
const MCP_DELIMITER = '_mcp_';
const DOMAIN_SEPARATOR = '---';
const EXECUTE_CODE = 'execute_code';

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : null);
const str = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** `lookup_action_api---example---com` → lookup at api.example.com; `search_mcp_docs` → search on docs. */
export function splitToolName(raw: string): { name: string; domain: string | null } {
  const delimiter = raw.includes(MCP_DELIMITER) ? MCP_DELIMITER : raw.includes(ACTION_DELIMITER) ? ACTION_DELIMITER : null;
  if (!delimiter) return { name: raw.replaceAll(DOMAIN_SEPARATOR, '.'), domain: null };
  const at = raw.indexOf(delimiter);
  const domain = raw.slice(at + delimiter.length).replaceAll(DOMAIN_SEPARATOR, '.');
  return { name: raw.slice(0, at), domain: domain || null };
}

/** execute_code args arrive as JSON, still incomplete while streaming; read what is there. */
function codeArgs(args: string): { language: string; input: string } {
  try {
    const parsed = record(JSON.parse(args));
    if (parsed) return { language: str(parsed.lang) || 'python', input: str(parsed.code) };
  } catch {
    // Partial JSON while the call streams.
  }
  const language = /"lang"\s*:\s*"([^"]*)"/.exec(args)?.[1] ?? 'python';
  const code = /"code"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(args)?.[1] ?? '';
  return { language, input: code.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\(.)/g, '$1') };
}

function logsOf(outputs: unknown): string {
  if (!Array.isArray(outputs)) return '';
  return outputs
    .map((output) => str(record(output)?.logs))
    .filter(Boolean)
    .join('\n');
}

export function readToolCall(part: Loose): ToolCallView | null {
  const call = record(part.tool_call);
  if (!call) return null;
  const base = { id: str(call.id) || null, progress: num(call.progress) ?? DEFAULT_PROGRESS, auth: str(call.auth) || null, expiresAt: num(call.expires_at) };
  const type = str(call.type);
  const codeInterpreter = record(call.code_interpreter);
  if (type === 'code_interpreter' && codeInterpreter) {
    return { ...base, kind: 'code', name: 'code_interpreter', domain: null, args: '', output: logsOf(codeInterpreter.outputs), code: { language: 'python', input: str(codeInterpreter.input) } };
  }
  if (type === 'retrieval' || type === 'file_search') return { ...base, kind: 'search', name: type, domain: null, args: '', output: '', code: null };
  const fn = type === 'function' ? record(call.function) : null;
  const rawName = str(fn ? fn.name : call.name);
  const args = str(fn ? fn.arguments : call.args);
  const output = str(fn ? fn.output : call.output);
  if (rawName === EXECUTE_CODE) return { ...base, kind: 'code', name: rawName, domain: null, args, output, code: codeArgs(args) };
  return { ...base, kind: 'function', ...splitToolName(rawName), args, output, code: null };
}

const toMs = (value: number) => (value < 1e12 ? value * 1000 : value);

/**
 * Below 1 a call is running while the reply streams; an output saying "error processing tool"
 * is a failure, and a call left below 1 once the reply stopped did not finish. A pending sign-in
 * URL that has not expired asks the user to authenticate.
 */
export function toolCallState(call: ToolCallView, streaming: boolean, now = Date.now()): ToolCallState {
  if (call.output.toLowerCase().includes('error processing tool')) return 'failed';
  // An action waiting for the user's sign-in finishes its step (progress 1) with the link, and
  // keeps asking until the link expires.
  if (call.auth && !(call.expiresAt !== null && now > toMs(call.expiresAt))) return 'auth';
  if (call.progress >= 1) return 'done';
  if (!streaming) return 'stopped';
  return 'running';
}

/** Arguments shown as indented JSON when they parse, else as sent. */
export function formatArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
