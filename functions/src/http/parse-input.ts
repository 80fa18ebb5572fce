import { ERROR_CODES, type RouteDef } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { HttpError, httpErrors } from './errors.ts';
import { pathParams } from './path-params.ts';

/** Far above any JSON body the API takes, far below Lambda's 6 MB payload limit. */
const MAX_JSON_BODY_BYTES = 1_000_000;

export interface ParsedInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

/** Parses body, query and path parameters with the route's zod schemas; bad input is a 400. */
export function parseInput(route: RouteDef, event: APIGatewayProxyEventV2): ParsedInput {
  return {
    body: route.body ? validate(route.body, readJsonBody(event), 'body') : undefined,
    query: route.query ? validate(route.query, event.queryStringParameters ?? {}, 'query') : undefined,
    params: route.params ? validate(route.params, pathParams(route, event), 'path') : undefined,
  };
}

/** A JSON body parsed with `schema`, for a route that takes more than one kind of body and so has none in the table. */
export function parseJsonBody<S extends z.ZodType>(schema: S, event: APIGatewayProxyEventV2): z.output<S> {
  return validate(schema, readJsonBody(event), 'body') as z.output<S>;
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw new HttpError(413, ERROR_CODES.payloadTooLarge, `Request body must be at most ${MAX_JSON_BODY_BYTES} bytes.`);
  }
  if (text.trim() === '') return {};
  let unstorable: string | undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (typeof value === 'number' && !isStorableNumber(value)) unstorable ??= key;
      return value;
    });
  } catch {
    throw new HttpError(400, ERROR_CODES.malformedJson, 'Request body must be valid JSON.');
  }
  if (unstorable !== undefined) {
    throw httpErrors.badRequest(`${unstorable ? `${unstorable}: ` : ''}Numbers must be 0 or between 1e-130 and 9.99e125 in size.`, { field: unstorable || 'body' });
  }
  return parsed;
}

/**
 * DynamoDB stores numbers from 1e-130 to 9.99…e125 in magnitude; JSON also carries tinier ones
 * (5e-324) and overflows to Infinity (1e400). Refused here, at the door, a body field that a
 * route stores as it came (a preset's temperature) can never fail the write with a 500.
 */
function isStorableNumber(value: number): boolean {
  const magnitude = Math.abs(value);
  return value === 0 || (magnitude >= 1e-130 && magnitude < 1e126);
}

function validate(schema: z.ZodType, input: unknown, where: 'body' | 'query' | 'path'): unknown {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: issue.path.join('.') || where, message: readable(issue) }));
  const first = issues[0]!;
  throw httpErrors.badRequest(first.message, { field: first.field, issues });
}

/** zod's defaults say "Invalid input"; name the field so the message stands on its own. */
function readable(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  if (issue.message.startsWith('Invalid input') && field) return `${field}: ${issue.message}`;
  if (issue.code === 'invalid_type' && !field) return `Request body must be a JSON object`;
  return issue.message;
}
