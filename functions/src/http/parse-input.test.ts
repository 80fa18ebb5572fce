import { routes } from '@meld/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { parseInput } from './parse-input.ts';

const presetEvent = (body: string) => ({ body, isBase64Encoded: false, headers: {}, rawPath: '/api/presets' }) as unknown as APIGatewayProxyEventV2;

function refusal(body: string): HttpError {
  try {
    parseInput(routes.savePreset, presetEvent(body));
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`${body} was accepted`);
}

describe('parseInput', () => {
  it.each(['5e-324', '-1e-200', '1e400', '-1e130'])('refuses %s, a number DynamoDB cannot store, naming the field', (number) => {
    const error = refusal(`{"title":"Mine","temperature":${number}}`);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^temperature: Numbers must be/);
    expect(error.details).toMatchObject({ field: 'temperature' });
  });

  it('takes zero and ordinary numbers', () => {
    expect(parseInput(routes.savePreset, presetEvent('{"title":"Mine","temperature":0,"topP":0.25}')).body).toMatchObject({ temperature: 0, topP: 0.25 });
  });
});
