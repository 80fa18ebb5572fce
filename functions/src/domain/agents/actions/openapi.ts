import { ACTION_DELIMITER, ACTION_DOMAIN_SEPARATOR, AGENT_LIMITS } from '@meld/shared';
import type { ToolParameters } from '../tools/agent-tool.ts';

/**
 * An OpenAPI 3 document turned into tools (decision 0027): each operation becomes one, named
 * `<operationId>_action_<domain with "---" for ".">`, its path and query parameters and its JSON
 * body's properties the tool's arguments. Done once when the action is saved; the stored
 * operations need no parsing when an agent runs. The YAML parser is loaded only for a YAML document
 * (a lazy module shipped beside the save route, never bundled: decision 0027).
 */
export interface ActionOperation {
  toolName: string;
  description: string;
  method: string;
  /** The server URL with the operation's path template appended (`{name}` placeholders). */
  urlTemplate: string;
  pathParams: string[];
  queryParams: string[];
  /** The arguments sent as the JSON body's properties; none when the operation takes no body. */
  bodyParams: string[];
  parameters: ToolParameters;
}

export class InvalidSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSpecError';
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Providers accept tool names of at most 64 letters, digits, `_` and `-`. */
const TOOL_NAME_MAX = 64;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function parseSpecText(raw: string): Promise<Json> {
  let document: unknown;
  try {
    document = raw.trimStart().startsWith('{') ? JSON.parse(raw) : (await import('yaml')).parse(raw, { maxAliasCount: 100 });
  } catch (error) {
    throw new InvalidSpecError(`The document is neither JSON nor YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!isObject(document)) throw new InvalidSpecError('The document is not an OpenAPI object');
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) throw new InvalidSpecError('Only OpenAPI 3 documents are supported (the "openapi" field must start with 3.)');
  if (!isObject(document.paths)) throw new InvalidSpecError('The document has no paths');
  return document;
}

/** Inlines local `#/...` references; cycles and deep nesting end in an open schema. */
function resolve(document: Json, value: unknown, depth = 0, seen: readonly string[] = []): unknown {
  if (depth > 12) return {};
  if (Array.isArray(value)) return value.map((item) => resolve(document, item, depth + 1, seen));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    const ref = value.$ref;
    if (!ref.startsWith('#/') || seen.includes(ref)) return {};
    const target = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
    if (target === undefined) throw new InvalidSpecError(`The reference ${ref} points nowhere`);
    return resolve(document, target, depth + 1, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(document, item, depth + 1, seen)]));
}

/** The spec's first server: an absolute http(s) URL (relative servers cannot be called). */
export function specServer(document: Json): URL {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const first: unknown = servers[0];
  const raw = isObject(first) && typeof first.url === 'string' ? first.url : undefined;
  if (!raw) throw new InvalidSpecError('The document names no server (servers[0].url)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidSpecError(`The server URL ${raw} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidSpecError('The server URL must be http or https');
  return url;
}

/** The server URL as stored and as the operations' URLs begin: no trailing slash. */
export const serverText = (server: URL) => server.href.replace(/\/$/, '');

export function actionToolName(operationId: string, domain: string): string {
  const suffix = `${ACTION_DELIMITER}${domain.replaceAll('.', ACTION_DOMAIN_SEPARATOR).replace(/[^\w-]/g, '_')}`;
  const room = TOOL_NAME_MAX - suffix.length;
  if (room < 1) throw new InvalidSpecError(`The domain ${domain} is too long to name its tools`);
  return `${operationId.replace(/[^\w-]/g, '_').slice(0, room)}${suffix}`;
}

function operationParameters(document: Json, pathItem: Json, operation: Json): { properties: Json; required: string[]; path: string[]; query: string[] } {
  const all = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])]
    .map((parameter) => resolve(document, parameter))
    .filter(isObject);
  const properties: Json = {};
  const required: string[] = [];
  const path: string[] = [];
  const query: string[] = [];
  for (const parameter of all) {
    const name = parameter.name;
    if (typeof name !== 'string' || (parameter.in !== 'path' && parameter.in !== 'query')) continue;
    const schema = isObject(parameter.schema) ? parameter.schema : { type: 'string' };
    properties[name] = typeof parameter.description === 'string' ? { ...schema, description: parameter.description } : schema;
    if (parameter.required === true || parameter.in === 'path') required.push(name);
    (parameter.in === 'path' ? path : query).push(name);
  }
  return { properties, required, path, query };
}

function bodySchema(document: Json, operation: Json): Json | undefined {
  const requestBody = resolve(document, operation.requestBody);
  if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
  const json = requestBody.content['application/json'];
  if (!isObject(json)) return undefined;
  const schema = json.schema;
  if (!isObject(schema) || !isObject(schema.properties)) throw new InvalidSpecError('A JSON request body must be an object with properties');
  return schema;
}

/** Every operation of the document as a tool; the domain names the tools and must be the server's host. */
export async function specToOperations(raw: string, domain: string): Promise<{ server: URL; operations: ActionOperation[] }> {
  const document = await parseSpecText(raw);
  const server = specServer(document);
  if (server.hostname.toLowerCase() !== domain.toLowerCase()) throw new InvalidSpecError(`The action's domain ${domain} is not the document's server host ${server.hostname}`);
  const base = serverText(server);
  const operations: ActionOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths as Json)) {
    const pathItem = resolve(document, rawItem);
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const operationId = typeof operation.operationId === 'string' && operation.operationId ? operation.operationId : `${method}${path.replace(/[{}]/g, '').replace(/[^\w]+/g, '_')}`;
      const { properties, required, path: pathParams, query } = operationParameters(document, pathItem, operation);
      const body = bodySchema(document, operation);
      const bodyParams = body ? Object.keys(body.properties as Json) : [];
      for (const name of bodyParams) {
        if (name in properties) throw new InvalidSpecError(`${operationId}: "${name}" is both a parameter and a body property`);
        properties[name] = (body!.properties as Json)[name];
      }
      if (body && Array.isArray(body.required)) required.push(...body.required.filter((name): name is string => typeof name === 'string'));
      const summary = [operation.summary, operation.description].find((text): text is string => typeof text === 'string' && text.trim() !== '');
      operations.push({
        toolName: actionToolName(operationId, domain),
        description: (summary ?? `${method.toUpperCase()} ${path}`).slice(0, 1_000),
        method: method.toUpperCase(),
        urlTemplate: `${base}${path.startsWith('/') ? path : `/${path}`}`,
        pathParams,
        queryParams: query,
        bodyParams,
        parameters: { type: 'object', properties, ...(required.length > 0 ? { required: [...new Set(required)] } : {}) },
      });
    }
  }
  if (operations.length === 0) throw new InvalidSpecError('The document defines no operations');
  if (operations.length > AGENT_LIMITS.operationsMax) throw new InvalidSpecError(`An action may define at most ${AGENT_LIMITS.operationsMax} operations`);
  const names = new Set<string>();
  for (const operation of operations) {
    if (names.has(operation.toolName)) throw new InvalidSpecError(`Two operations are both named ${operation.toolName}`);
    names.add(operation.toolName);
  }
  return { server, operations };
}
