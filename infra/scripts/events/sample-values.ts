import type { RouteDef } from '@meld/shared';

/**
 * Plausible request data for sample events. The routes that exist get hand-written bodies;
 * a new route gets one derived from its zod schema (as JSON Schema), which the generator then
 * checks against the schema and reports if the author needs to adjust it by hand.
 */

const SAMPLE_PASSWORD = 'sample-passphrase-not-real';

const HAND_WRITTEN_BODIES: Record<string, unknown> = {
  'auth/validate-signup-code': { signupCode: 'PILOT-2026' },
  'auth/register': {
    name: 'Ada Lovelace',
    city: 'London',
    state: '',
    birthday: '1990-12-10',
    email: 'ada@example.com',
    password: SAMPLE_PASSWORD,
    confirm_password: SAMPLE_PASSWORD,
    signup_code: 'PILOT-2026',
    whyHere: 'goal,transition',
    lifeArena: 'career',
    identitySegment: 'stem',
    currentBlock: 'time',
  },
  'auth/login': { email: 'ada@example.com', password: SAMPLE_PASSWORD },
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
}

export function sampleBody(route: RouteDef): unknown {
  if (route.handler in HAND_WRITTEN_BODIES) return HAND_WRITTEN_BODIES[route.handler];
  return route.body ? fromSchema(toJsonSchema(route.body)) : undefined;
}

/** Required query parameters only: optional ones are the handler's defaults. */
export function sampleQuery(route: RouteDef): Record<string, string> | undefined {
  if (!route.query) return undefined;
  const value = fromSchema(toJsonSchema(route.query));
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).map(([key, item]) => [key, String(item)] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function sampleParam(name: string): string {
  // A mentor interview token is 64 hex characters; any other id is a UUID.
  if (/token/i.test(name)) return 'a3f1'.repeat(16);
  if (/id$/i.test(name)) return '0f8fad5b-d9cb-469f-a165-70867728950e';
  return `sample-${name}`;
}

function toJsonSchema(schema: NonNullable<RouteDef['body']>): JsonSchema {
  return schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function fromSchema(schema: JsonSchema, key = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.[0]) return fromSchema(alternatives[0], key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, fromSchema(property, name)]));
    }
    case 'array':
      return schema.items ? [fromSchema(schema.items, key)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(key, schema);
    default:
      return 'sample';
  }
}

function sampleString(key: string, schema: JsonSchema): string {
  const text = (() => {
    if (schema.format === 'email' || /email/i.test(key)) return 'ada@example.com';
    if (schema.format === 'date-time') return '2026-01-15T09:30:00.000Z';
    if (schema.format === 'date' || /date|birthday/i.test(key)) return '2026-01-15';
    if (schema.format === 'uri' || schema.format === 'url' || /url$/i.test(key)) return 'https://example.com/';
    if (/password/i.test(key)) return SAMPLE_PASSWORD;
    if (schema.format === 'uuid' || /id$/i.test(key)) return sampleParam(key);
    if (/name$/i.test(key)) return 'Ada Lovelace';
    if (/title$/i.test(key)) return 'Planning my week';
    return 'Something I noticed today';
  })();
  const min = schema.minLength ?? 0;
  const padded = text.length >= min ? text : text.padEnd(min, '.');
  return schema.maxLength === undefined ? padded : padded.slice(0, schema.maxLength);
}
