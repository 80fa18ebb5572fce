import { describe, expect, it } from 'vitest';
import { callsTo, fail, held, mergeMocks, mockApi, raw, reply, when } from './mock-api.ts';
import { throwMockDrift } from './mock-drift.ts';
import { testConfig, testUser } from './fixtures.ts';
import { roleInfo } from './roles.ts';

const get = (path: string, init: RequestInit = {}) => fetch(path, init);

describe('mockApi', () => {
  it('answers a route by name, with its path parameters matched as the gateway does', async () => {
    mockApi({ getConvo: ({ params }) => ({ conversationId: params.conversationId!, title: 'Tides', user: 'u1', isArchived: false, tags: [], createdAt: 'x', updatedAt: 'x' }) });
    const response = await get('/api/convos/c%201?x=1');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ conversationId: 'c 1' });
  });

  it('refuses a static body that does not match the route, naming the route and the field', () => {
    expect(() => mockApi({ getUser: { ...testUser, role: 'OWNER' } as never })).toThrow(/getUser \(GET \/api\/user\)[\s\S]*role/);
    expect(() => throwMockDrift()).toThrow(/role/);
  });

  it('refuses fields the server never sends', () => {
    expect(() => mockApi({ getUser: { ...testUser, password: 'x' } as never })).toThrow(/password is not in the response schema/);
    expect(() => throwMockDrift()).toThrow(/password/);
  });

  it("fails the test after a handler's body drifted, even when the page swallowed the failed request", async () => {
    mockApi({ getBalance: () => ({ enabled: 'yes' }) as never });
    await expect(get('/api/balance')).rejects.toThrow(/getBalance/);
    expect(() => throwMockDrift()).toThrow(/getBalance/);
    expect(() => throwMockDrift()).not.toThrow();
  });

  it('checks errors against the API error shape, and keeps the status', async () => {
    expect(() => fail(200, { code: 'NOT_FOUND', message: 'x' })).toThrow(/4xx and 5xx/);
    expect(() => mockApi({ getConfig: fail(500, { message: 'boom' } as never) })).toThrow(/error 500 for getConfig[\s\S]*code/);
    expect(() => throwMockDrift()).toThrow(/code/);
    mockApi({ getConfig: fail(503, { code: 'SERVICE_UNAVAILABLE', message: 'later' }) });
    const response = await get('/api/config');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'later' });
  });

  it('sends another success status with reply(), and a raw answer untouched', async () => {
    mockApi({ createWin: reply({ id: 'w1', titleInteractionId: 't', descriptionInteractionId: 'd', achievedAt: 'x', title: 'T', date: 'x', description: '', tags: [], emoji: '', impact: [], source: 'manual', isPinned: false, isShared: false, shareCount: 0, originalContent: null }, 201), askDemo: raw(new Response('data: {}\n\n')) });
    expect((await get('/api/wins', { method: 'POST' })).status).toBe(201);
    expect(await (await get('/api/ask/demo', { method: 'POST' })).text()).toBe('data: {}\n\n');
  });

  it('answers when() cases only for their parameters, and fails any other request loudly', async () => {
    mockApi({ getRole: [when({ role: 'USER' }, roleInfo('USER'))] });
    expect((await get('/api/roles/USER')).status).toBe(200);
    await expect(get('/api/roles/ADMIN')).rejects.toThrow(/getRole \{"role":"ADMIN"\} is not mocked/);
    await expect(get('/api/banner')).rejects.toThrow(/Unexpected fetch: GET \/api\/banner/);
    await expect(get('https://example.com/x')).rejects.toThrow(/Unexpected fetch: GET https:\/\/example.com\/x/);
    expect(() => mockApi({ getRole: when({ name: 'USER' }, roleInfo('USER')) })).toThrow(/has no path parameter name/);
    expect(() => mockApi({ noSuchRoute: {} } as never)).toThrow(/noSuchRoute is no route name/);
  });

  it('layers a test’s when() cases over a kit’s with mergeMocks()', async () => {
    mockApi(mergeMocks({ getRole: [when({ role: 'USER' }, roleInfo('USER'))] }, { getRole: [when({ role: 'ADMIN' }, roleInfo('ADMIN'))] }));
    expect((await get('/api/roles/USER')).status).toBe(200);
    expect((await get('/api/roles/ADMIN')).status).toBe(200);
  });

  it('holds a request open until the test answers it', async () => {
    const config = held<'getConfig'>();
    mockApi({ getConfig: config.handler });
    const pending = get('/api/config');
    config.answer(testConfig({ appTitle: 'Later' }));
    expect(await (await pending).json()).toMatchObject({ appTitle: 'Later' });
  });

  it('answers fetches outside the API only through the explicit escape hatch', async () => {
    expect(() => mockApi({}, { 'GET /api/config': () => new Response('') })).toThrow(/is an API route/);
    mockApi({}, { 'GET https://example.com/page': () => new Response('hello') });
    expect(await (await get('https://example.com/page?q=1')).text()).toBe('hello');
  });

  it('lists the calls to a route, optionally for some path parameters', async () => {
    const spy = mockApi({ deleteShare: { deletedCount: 1 } });
    await get('/api/share/s1', { method: 'DELETE' });
    await get('/api/share/s2', { method: 'DELETE' });
    expect(callsTo(spy, 'deleteShare')).toHaveLength(2);
    expect(callsTo(spy, 'deleteShare', { id: 's2' })).toHaveLength(1);
    expect(callsTo(spy, 'getShare')).toHaveLength(0);
  });
});
