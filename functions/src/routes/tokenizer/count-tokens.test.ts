import { describe, expect, it } from 'vitest';
import { signUp, useApi } from '../api-test-kit.ts';

const api = useApi();

describe('POST /api/tokenizer', () => {
  it('counts tokens with a real tokenizer', async () => {
    const me = await signUp(api().client());
    const count = async (text: string) => (await me.call<{ count: number }>('POST', '/api/tokenizer', { text })).json.count;
    expect(await count('Hello, world!')).toBe(4);
    expect(await count('')).toBe(0);
    // A common word is one token however long; rare strings split into several.
    expect(await count(' international')).toBe(1);
    expect(await count('xq7#zv!')).toBeGreaterThan(3);
  });

  it('counts special-token markers in the text as plain text', async () => {
    const me = await signUp(api().client());
    const response = await me.call<{ count: number }>('POST', '/api/tokenizer', { text: 'end <|endoftext|> here' });
    expect(response.status).toBe(200);
    expect(response.json.count).toBeGreaterThan(4);
  });

  it('answers 400 naming text when it is missing', async () => {
    const me = await signUp(api().client());
    const response = await me.call<{ field?: string }>('POST', '/api/tokenizer', {});
    expect(response.status).toBe(400);
    expect(response.json.field).toBe('text');
  });

  it('requires a signed-in user', async () => {
    expect((await api().client().request('POST', '/api/tokenizer', { json: { text: 'hi' } })).status).toBe(401);
  });
});
