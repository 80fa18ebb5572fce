import { describe, expect, it } from 'vitest';
import { inOneRateWindow, useApi } from '../api-test-kit.ts';

const api = useApi({ config: { rateLimits: { interest: { max: 3, windowMinutes: 60 } } } });

describe('interest forms rate limit', () => {
  it('refuses a fourth submission from one address within the window, across both forms, with Retry-After', async () => {
    inOneRateWindow(60);
    const client = api().client();
    const mentor = (n: number) => client.request('POST', '/api/mentor-interest', { json: { firstName: 'Grace', email: `grace.${n}@example.com`, jobTitle: 'Admiral' } });
    const user = (n: number) =>
      client.request('POST', '/api/user-interest', { json: { name: 'Ada', email: `ada.${n}@example.com`, currentSituation: 'Other', referralSource: 'A friend', motivation: 'Focus' } });
    const statuses = [(await mentor(1)).status, (await user(1)).status, (await mentor(2)).status];
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await user(2);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
