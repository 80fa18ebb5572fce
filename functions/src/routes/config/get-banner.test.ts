import type { Banner } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { putBanner } from '../../store/banner-store.ts';
import { signUp, useApi } from '../api-test-kit.ts';

const api = useApi();
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

function banner(bannerId: string, fields: Partial<Banner>): Banner {
  return { bannerId, message: `<p>${bannerId}</p>`, displayFrom: minutes(-60), displayTo: null, isPublic: true, ...fields };
}

async function bannerId(call: () => Promise<{ status: number; json: unknown }>): Promise<string | null> {
  const response = await call();
  expect(response.status).toBe(200);
  return (response.json as Banner | null)?.bannerId ?? null;
}

// The banners share one partition, so each case adds a banner newer than the ones before it.
describe('GET /api/banner', () => {
  const anonymous = () => api().client().request('GET', '/api/banner');

  it('answers null while no banner is live', async () => {
    expect(await bannerId(anonymous)).toBeNull();
  });

  it('shows a public banner that has started and has no end, to visitors and members alike', async () => {
    await putBanner(banner('public-open', { displayFrom: minutes(-50) }));
    const member = await signUp(api().client());
    expect(await bannerId(anonymous)).toBe('public-open');
    expect(await bannerId(() => member.call('GET', '/api/banner'))).toBe('public-open');
  });

  it('shows a banner that is not public only to a signed-in member', async () => {
    await putBanner(banner('members-only', { displayFrom: minutes(-40), isPublic: false }));
    const member = await signUp(api().client());
    expect(await bannerId(() => member.call('GET', '/api/banner'))).toBe('members-only');
    expect(await bannerId(anonymous)).toBe('public-open');
    const badToken = () => api().client().request('GET', '/api/banner', { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(await bannerId(badToken)).toBe('public-open');
  });

  it('keeps a banner hidden before its displayFrom and after its displayTo', async () => {
    await putBanner(banner('not-yet', { displayFrom: minutes(30) }));
    await putBanner(banner('already-over', { displayFrom: minutes(-30), displayTo: minutes(-1) }));
    expect(await bannerId(anonymous)).toBe('public-open');
  });

  it('shows the newest live banner while its window lasts', async () => {
    const full = banner('live-window', { displayFrom: minutes(-20), displayTo: minutes(20), message: 'Pilot <b>opens</b>' });
    await putBanner(full);
    const response = await anonymous();
    expect(response.json).toEqual(full);
  });
});
