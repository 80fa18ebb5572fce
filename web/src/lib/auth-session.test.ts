import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures.ts';
import { clearSession, getSession, setSession, startSessionSync, subscribeSession } from './auth-session.ts';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

const nextMessage = (channel: BroadcastChannel) => new Promise<unknown>((resolve) => (channel.onmessage = (event) => resolve(event.data)));

describe('auth session', () => {
  it('keeps the token in memory only and notifies subscribers', () => {
    const seen: string[] = [];
    subscribeSession(() => seen.push(getSession().status));
    setSession('tok', testUser, { broadcast: false });
    expect(getSession()).toMatchObject({ status: 'authenticated', token: 'tok', user: testUser });
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok');
    clearSession();
    expect(seen).toEqual(['authenticated', 'anonymous']);
  });

  it('broadcasts token-updated to other tabs', async () => {
    stop = startSessionSync(() => {});
    const otherTab = new BroadcastChannel('meld-auth');
    const message = nextMessage(otherTab);
    setSession('tok', testUser);
    await expect(message).resolves.toEqual({ type: 'token-updated', token: 'tok', user: testUser });
    otherTab.close();
  });

  it('follows sign-in and sign-out made in another tab', async () => {
    stop = startSessionSync(() => {});
    const otherTab = new BroadcastChannel('meld-auth');
    otherTab.postMessage({ type: 'token-updated', token: 'from-other-tab', user: testUser });
    await expect.poll(() => getSession().token).toBe('from-other-tab');
    otherTab.postMessage({ type: 'token-updated', token: null, user: null });
    await expect.poll(() => getSession().status).toBe('anonymous');
    otherTab.close();
  });
});
