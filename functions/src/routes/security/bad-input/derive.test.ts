import { routeList } from '@meld/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { arbitraryFor, validArbitraryFor } from './derive.ts';

/** Bodies whose refinements tie fields together beyond what JSON Schema says: the mutators start from near-misses there. */
const BEYOND_JSON_SCHEMA: readonly string[] = ['register body', 'resetPassword body', 'createInteraction body', 'callTool body'];

const validRate = (schema: z.ZodType, arbitrary: fc.Arbitrary<unknown>) => fc.sample(arbitrary, { seed: 11, numRuns: 20 }).filter((value) => schema.safeParse(value).success).length / 20;

describe('arbitraryFor', () => {
  it('derives the types, bounds, formats, enums and optional fields the route schemas use', () => {
    const schema = z.object({
      name: z.string().min(3).max(5),
      count: z.int().min(2).max(4),
      ratio: z.number().min(0).max(1),
      flag: z.boolean(),
      kind: z.enum(['a', 'b']),
      fixed: z.literal('x'),
      id: z.uuid(),
      day: z.iso.date(),
      at: z.iso.datetime(),
      list: z.array(z.string()).max(2),
      map: z.record(z.string().max(4), z.number()),
      either: z.union([z.string(), z.null()]),
      maybe: z.string().optional(),
      withDefault: z.int().default(3),
    });
    expect(validRate(schema, arbitraryFor(schema))).toBe(1);
  });

  it('takes any value where JSON Schema cannot describe the schema', () => {
    const schema = z.object({ when: z.date() });
    expect(fc.sample(arbitraryFor(schema), { seed: 1, numRuns: 5 })).toHaveLength(5);
  });
});

describe('validArbitraryFor on the route table', () => {
  const schemas = routeList.flatMap((route) => (['body', 'query', 'params'] as const).flatMap((part) => (route[part] ? [[`${route.name} ${part}`, route[part]] as const] : [])));

  it.each(schemas)('%s: derived values are valid ones', (name, schema) => {
    const rate = validRate(schema, validArbitraryFor(schema));
    if (BEYOND_JSON_SCHEMA.includes(name)) expect(rate).toBeLessThan(1);
    else expect(rate).toBe(1);
  });
});
