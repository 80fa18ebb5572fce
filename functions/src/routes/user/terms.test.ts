import { describe, expect, it } from 'vitest';
import { dbCalls, signUp, useApi } from '../api-test-kit.ts';

const TERMS_TEXT = '## Pilot terms\n\nBe kind. Your reflections stay yours.';
const api = useApi({ config: { terms: { required: true, modalTitle: 'Pilot terms of use', text: TERMS_TEXT } } });

interface Terms {
  termsAccepted: boolean;
  termsAcceptedAt: string | null;
  title: string | null;
  text: string;
}

describe('GET /api/user/terms', () => {
  it("shows a new member the operator's terms, not yet accepted", async () => {
    const member = await signUp(api().client());
    const response = await member.call<Terms>('GET', '/api/user/terms');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ termsAccepted: false, termsAcceptedAt: null, title: 'Pilot terms of use', text: TERMS_TEXT });
    expect(dbCalls(response)).toBe(2);
  });

  it('answers 401 without a token, for reading and for accepting', async () => {
    const client = api().client();
    for (const [method, path] of [['GET', '/api/user/terms'], ['POST', '/api/user/terms/accept']] as const) {
      const response = await client.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.json).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 405 naming the allowed method when accepting is tried with GET', async () => {
    const member = await signUp(api().client());
    const response = await member.call('GET', '/api/user/terms/accept');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/user/terms/accept', () => {
  it('records the acceptance, which the terms and the profile then show', async () => {
    const member = await signUp(api().client());
    const before = Date.now();
    const accepted = await member.call<{ termsAccepted: boolean; termsAcceptedAt: string }>('POST', '/api/user/terms/accept');
    expect(accepted.status).toBe(200);
    expect(dbCalls(accepted)).toBe(2);
    expect(accepted.json.termsAccepted).toBe(true);
    expect(Date.parse(accepted.json.termsAcceptedAt)).toBeGreaterThanOrEqual(before - 1000);

    const terms = await member.call<Terms>('GET', '/api/user/terms');
    expect(terms.json).toMatchObject({ termsAccepted: true, termsAcceptedAt: accepted.json.termsAcceptedAt });
    const user = await member.call<{ termsAccepted: boolean }>('GET', '/api/user');
    expect(user.json.termsAccepted).toBe(true);
  });

  it('is idempotent: accepting again keeps the first acceptance time', async () => {
    const member = await signUp(api().client());
    const first = await member.call<{ termsAcceptedAt: string }>('POST', '/api/user/terms/accept');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await member.call<{ termsAcceptedAt: string }>('POST', '/api/user/terms/accept');
    expect(second.status).toBe(200);
    expect(second.json.termsAcceptedAt).toBe(first.json.termsAcceptedAt);
  });

  it("leaves another member's terms untouched", async () => {
    const client = api().client();
    const [accepting, other] = [await signUp(client), await signUp(client)];
    await accepting.call('POST', '/api/user/terms/accept');
    const response = await other.call<Terms>('GET', '/api/user/terms');
    expect(response.json).toMatchObject({ termsAccepted: false, termsAcceptedAt: null });
  });

  it('ignores a body: accepting takes no payload', async () => {
    const member = await signUp(api().client());
    const response = await member.call<{ termsAccepted: boolean }>('POST', '/api/user/terms/accept', { termsAccepted: false, termsAcceptedAt: '2000-01-01T00:00:00.000Z' });
    expect(response.status).toBe(200);
    expect(response.json.termsAccepted).toBe(true);
    expect(response.json).not.toMatchObject({ termsAcceptedAt: '2000-01-01T00:00:00.000Z' });
  });
});
