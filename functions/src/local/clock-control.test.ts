import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@meld/shared';
import { resetRequestClock } from '../http/clock.ts';
import { closeGateway, createGateway } from './gateway.ts';
import { listen } from './__fixtures__/raw-http.ts';

const health = routeList.filter((route) => route.handler === 'system/get-health');
const servers: Server[] = [];

async function gateway(clockControl: boolean): Promise<string> {
  const server = createGateway({ routes: health, clockControl });
  servers.push(server);
  return listen(server);
}

const serverTime = async (baseUrl: string) => Date.parse(((await (await fetch(`${baseUrl}/health`)).json()) as { time: string }).time);
const moveClock = (baseUrl: string, body: string) => fetch(`${baseUrl}/__local/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });

let controlled: string;
let plain: string;

beforeAll(async () => {
  [controlled, plain] = await Promise.all([gateway(true), gateway(false)]);
});
afterEach(() => resetRequestClock());
afterAll(() => Promise.all(servers.map(closeGateway)));

describe('the local clock control', () => {
  it('moves the time every handler reads, and the clock keeps running from there', async () => {
    const moved = await moveClock(controlled, JSON.stringify({ now: '2031-03-01T08:30:00.000Z' }));
    expect(moved.status).toBe(200);
    const target = Date.parse('2031-03-01T08:30:00.000Z');
    const seen = await serverTime(controlled);
    expect(seen).toBeGreaterThanOrEqual(target);
    expect(seen - target).toBeLessThan(5_000);
    expect(((await (await fetch(`${controlled}/__local/clock`)).json()) as { now: string }).now.startsWith('2031-03-01T08:3')).toBe(true);
  });

  it('refuses a body that names no instant, and leaves the clock where it was', async () => {
    for (const body of ['{"now":"next tuesday"}', '{}', 'not json']) {
      const res = await moveClock(controlled, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/ISO-8601/);
    }
    expect(Math.abs((await serverTime(controlled)) - Date.now())).toBeLessThan(5_000);
  });

  it('does not exist unless the runtime was started with it', async () => {
    const res = await moveClock(plain, JSON.stringify({ now: '2031-03-01T08:30:00.000Z' }));
    expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
    expect(Math.abs((await serverTime(plain)) - Date.now())).toBeLessThan(5_000);
  });
});
