import { ADMIN_MESSAGES, type AdminBanner, type Banner } from '@meld/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveRequestClock, resetRequestClock } from '../../http/clock.ts';
import { putBanner } from '../../store/banner-store.ts';
import { dbCalls, signUp, useApi, type Member } from '../api-test-kit.ts';
import { signUpAdmin, type AdminCall } from '../mentor-interview/interview-test-kit.ts';

const api = useApi();
let admin: AdminCall;
let member: Member;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

beforeAll(async () => {
  admin = await signUpAdmin(api().client());
  member = await signUp(api().client());
});

// Every case starts from an empty BANNER partition, so "the banner shown" is always this case's.
afterEach(async () => {
  resetRequestClock();
  const listed = await admin<AdminBanner[]>('GET', '/api/admin/banners');
  for (const banner of listed.json) await admin('DELETE', `/api/admin/banners/${banner.bannerId}`);
});

async function create(body: Record<string, unknown>): Promise<AdminBanner> {
  const created = await admin<AdminBanner>('POST', '/api/admin/banners', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json;
}

const shownToVisitor = async () => (await api().client().request<Banner | null>('GET', '/api/banner')).json;
const shownToMember = async () => (await member.call<Banner | null>('GET', '/api/banner')).json;

describe('creating a banner', () => {
  it('publishes a public banner to visitors from now when no start is given', async () => {
    const before = new Date().toISOString();
    const banner = await create({ message: '<p>The pilot opens <strong>Monday</strong></p>', isPublic: true });
    expect(banner).toEqual({
      bannerId: expect.any(String),
      message: '<p>The pilot opens <strong>Monday</strong></p>',
      displayFrom: expect.any(String),
      displayTo: null,
      isPublic: true,
      createdAt: banner.displayFrom,
      updatedAt: banner.displayFrom,
    });
    expect(banner.displayFrom >= before && banner.displayFrom <= new Date().toISOString()).toBe(true);
    expect(await shownToVisitor()).toEqual({ bannerId: banner.bannerId, message: banner.message, displayFrom: banner.displayFrom, displayTo: null, isPublic: true });
    expect((await shownToMember())?.bannerId).toBe(banner.bannerId);
  });

  it('keeps a scheduled banner hidden until its start, then shows it until its end', async () => {
    const banner = await create({ message: 'Maintenance tonight', displayFrom: minutes(5), displayTo: minutes(10), isPublic: true });
    expect(await shownToVisitor()).toBeNull();
    moveRequestClock(new Date(Date.now() + 6 * 60_000));
    expect((await shownToVisitor())?.bannerId).toBe(banner.bannerId);
    moveRequestClock(new Date(Date.now() + 11 * 60_000));
    expect(await shownToVisitor()).toBeNull();
  });

  it('shows a members-only banner to signed-in members and not to visitors', async () => {
    const banner = await create({ message: 'Members: the Wins Vault is live', isPublic: false });
    expect(await shownToVisitor()).toBeNull();
    expect((await shownToMember())?.bannerId).toBe(banner.bannerId);
  });

  it('stores only safe markup: no scripts, event handlers or javascript: links', async () => {
    const banner = await create({
      message: '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="https://meld.example/news">that</a><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      isPublic: true,
    });
    expect(banner.message).toBe('<p>Read <a target="_blank" rel="noopener noreferrer">this</a> and <a href="https://meld.example/news" target="_blank" rel="noopener noreferrer">that</a></p>');
    expect((await shownToVisitor())?.message).toBe(banner.message);
  });

  it('refuses a message with no text left once unsafe markup is removed, naming the message', async () => {
    const refused = await admin('POST', '/api/admin/banners', { message: '<script>alert("hi")</script><img src=x onerror="alert(1)">', isPublic: true });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: ADMIN_MESSAGES.bannerEmpty, field: 'message' });
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toEqual([]);
  });

  it('refuses a window that ends before or as it starts, naming displayTo', async () => {
    const displayFrom = minutes(1);
    for (const displayTo of [minutes(-1), displayFrom]) {
      const refused = await admin('POST', '/api/admin/banners', { message: 'Soon', displayFrom, displayTo, isPublic: true });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ message: ADMIN_MESSAGES.bannerWindow, field: 'displayTo' });
    }
    const endsBeforeNow = await admin('POST', '/api/admin/banners', { message: 'Too late', displayTo: minutes(-5), isPublic: true });
    expect(endsBeforeNow.json).toMatchObject({ message: ADMIN_MESSAGES.bannerWindow, field: 'displayTo' });
  });
});

describe('listing banners', () => {
  it('lists every banner, newest start first, in one read after the admin check', async () => {
    const past = await create({ message: 'Last week', displayFrom: minutes(-7 * 24 * 60), displayTo: minutes(-24 * 60), isPublic: true });
    const future = await create({ message: 'Next week', displayFrom: minutes(7 * 24 * 60), isPublic: false });
    const live = await create({ message: 'Today', isPublic: true });
    const listed = await admin<AdminBanner[]>('GET', '/api/admin/banners');
    expect(listed.status).toBe(200);
    expect(listed.json.map((banner) => banner.bannerId)).toEqual([future.bannerId, live.bannerId, past.bannerId]);
    expect(listed.json[0]).toEqual(future);
    // The admin's profile, then the BANNER partition.
    expect(dbCalls(listed)).toBe(3);
  });
});

describe('updating a banner', () => {
  it('moves its window: the old start no longer shows it and the list holds it once', async () => {
    const banner = await create({ message: 'Live now', isPublic: true });
    const moved = await admin<AdminBanner>('PUT', `/api/admin/banners/${banner.bannerId}`, {
      message: '<em>Back</em> tomorrow',
      displayFrom: minutes(24 * 60),
      displayTo: minutes(25 * 60),
      isPublic: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ bannerId: banner.bannerId, message: '<em>Back</em> tomorrow', isPublic: true, createdAt: banner.createdAt });
    expect(moved.json.updatedAt > banner.updatedAt).toBe(true);
    expect(await shownToVisitor()).toBeNull();
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toEqual([moved.json]);
  });

  it('makes a public banner members-only in place', async () => {
    const banner = await create({ message: 'Hello everyone', displayFrom: minutes(-1), isPublic: true });
    const changed = await admin<AdminBanner>('PUT', `/api/admin/banners/${banner.bannerId}`, { message: 'Hello members', displayFrom: banner.displayFrom, isPublic: false });
    expect(changed.status).toBe(200);
    expect(await shownToVisitor()).toBeNull();
    expect(await shownToMember()).toMatchObject({ bannerId: banner.bannerId, message: 'Hello members', isPublic: false });
  });

  it('answers 404 for an unknown banner and 400 for an unsafe-only message or a backwards window', async () => {
    const unknown = await admin('PUT', '/api/admin/banners/no-such-banner', { message: 'Hi', isPublic: true });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ message: ADMIN_MESSAGES.bannerNotFound });
    const banner = await create({ message: 'Steady', isPublic: true });
    const empty = await admin('PUT', `/api/admin/banners/${banner.bannerId}`, { message: '<style>p{}</style>', isPublic: true });
    expect(empty.json).toMatchObject({ message: ADMIN_MESSAGES.bannerEmpty, field: 'message' });
    const backwards = await admin('PUT', `/api/admin/banners/${banner.bannerId}`, { message: 'Hi', displayFrom: minutes(10), displayTo: minutes(5), isPublic: true });
    expect(backwards.status).toBe(400);
    expect(backwards.json).toMatchObject({ field: 'displayTo' });
    expect((await shownToVisitor())?.message).toBe('Steady');
  });
});

describe('the config file’s banner', () => {
  it('is listed with its start standing in for the times it was never given, and stays one banner after a restart re-seeds it', async () => {
    const seeded = { bannerId: 'pilot-welcome', message: '<strong>Welcome</strong>', displayFrom: minutes(-60), displayTo: null, isPublic: true };
    await putBanner(seeded);
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toEqual([{ ...seeded, createdAt: seeded.displayFrom, updatedAt: seeded.displayFrom }]);

    // The admin moves it; the next start of the app seeds the config's copy again under its old start.
    const moved = await admin<AdminBanner>('PUT', '/api/admin/banners/pilot-welcome', { message: 'Welcome, members', displayFrom: minutes(-30), isPublic: false });
    expect(moved.status).toBe(200);
    await putBanner(seeded);
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toHaveLength(2);

    const edited = await admin<AdminBanner>('PUT', '/api/admin/banners/pilot-welcome', { message: 'Welcome back', displayFrom: minutes(-10), isPublic: true });
    expect(edited.status).toBe(200);
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toEqual([edited.json]);
    expect((await admin('DELETE', '/api/admin/banners/pilot-welcome')).status).toBe(200);
    expect(await shownToVisitor()).toBeNull();
  });
});

describe('deleting a banner', () => {
  it('removes it from the list and from the page, and a second delete answers 404', async () => {
    const banner = await create({ message: 'Going away', isPublic: true });
    const deleted = await admin('DELETE', `/api/admin/banners/${banner.bannerId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    expect(await shownToVisitor()).toBeNull();
    expect((await admin<AdminBanner[]>('GET', '/api/admin/banners')).json).toEqual([]);
    const again = await admin('DELETE', `/api/admin/banners/${banner.bannerId}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ message: ADMIN_MESSAGES.bannerNotFound });
  });
});
