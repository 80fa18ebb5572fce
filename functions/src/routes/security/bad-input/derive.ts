import fc from 'fast-check';
import * as z from 'zod';

/**
 * Valid-shaped values for a route's zod 4 schema, derived from its JSON Schema (zod-fast-check
 * supports zod 3 only). `io: 'input'` describes what a client sends, so transforms and defaults
 * do not matter; what JSON Schema cannot say (refinements, transforms) is not honoured, which is
 * fine here: these values are only the starting point that the mutators then break.
 */
export function arbitraryFor(schema: z.ZodType, options: { maxed?: boolean } = {}): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return derive(root, root, 0, options.maxed ?? false);
}

/**
 * Every field present and every bounded free-text string at its maximum length in two-byte
 * characters: what the schema allows, at the size the store must still hold (a DynamoDB item
 * is at most 400 KB).
 */
export function maxedArbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return arbitraryFor(schema, { maxed: true });
}

/**
 * As arbitraryFor, kept to values the schema takes where its refinements (a real calendar day, a
 * step of 5, either one field or the other) let enough through for fast-check to filter on: a
 * poisoned field in an otherwise valid body reaches further into the route.
 */
export function validArbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const loose = arbitraryFor(schema);
  const valid = (value: unknown) => schema.safeParse(value).success;
  // One in a hundred is still cheap to filter for: safeParse is microseconds.
  const taken = fc.sample(loose, { seed: 0, numRuns: 100 }).some(valid);
  return taken ? loose.filter(valid) : loose;
}

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Recursive schemas (z.lazy) stop here and take any value. */
const MAX_DEPTH = 6;
/** Long enough to meet every schema's minimum, short enough to keep requests quick. */
const MAX_STRING = 64;
const MAX_ITEMS = 3;

/** A maxed string stops here: 200 KB of two-byte characters, so a body with a few still fits the kit's 1 MB. */
const MAXED_STRING = 100_000;

function derive(schema: JsonSchema, root: JsonSchema, depth: number, maxed: boolean): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.anything();
  const next = (child: JsonSchema) => derive(child, root, depth + 1, maxed);
  if (schema.$ref) return next(resolve(schema.$ref, root));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (schema.allOf?.length) return next(Object.assign({}, ...schema.allOf) as JsonSchema);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((one) => next({ ...schema, type: one })));
  switch (type[0]) {
    case 'string':
      return maxed && schema.maxLength && !schema.pattern && !schema.format ? fc.constant('é'.repeat(Math.min(schema.maxLength, MAXED_STRING))) : stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? schema.exclusiveMinimum ?? -1000, max: schema.maximum ?? schema.exclusiveMaximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayFor(schema, next);
    case 'object':
      return objectFor(schema, next, maxed);
    default:
      return fc.anything();
  }
}

function resolve(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root;
  const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const found = name ? root.$defs?.[name] : undefined;
  if (!found) throw new Error(`Unresolvable $ref ${ref}`);
  return found;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING)) });
}

function arrayFor(schema: JsonSchema, next: (child: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(next));
  const minLength = schema.minItems ?? 0;
  return fc.array(next(schema.items ?? {}), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)) });
}

function objectFor(schema: JsonSchema, next: (child: JsonSchema) => fc.Arbitrary<unknown>, maxed: boolean): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length > 0) {
    const shape = Object.fromEntries(properties.map(([key, child]) => [key, next(child)]));
    return fc.record(shape, { requiredKeys: maxed ? properties.map(([key]) => key) : (schema.required ?? []) });
  }
  if (typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames ? (next(schema.propertyNames) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 16 });
    return fc.dictionary(keys, next(schema.additionalProperties), { maxKeys: MAX_ITEMS });
  }
  return fc.constant({});
}
