import type { RouteDef } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineHandler } from '../../../http/handler.ts';
import { httpErrors } from '../../../http/errors.ts';
import { createClient, startTestStack, type TestStack } from '../../../local/test-stack.ts';
import { table } from '../../../store/table.ts';
import { refusalOracle } from './snapshot.ts';

/** Stand-in routes, each refusing after doing what the oracle must judge. */
const route = (handler: string): RouteDef => ({ method: 'POST', path: `/api/oracle/${handler}`, handler, auth: 'public', response: z.unknown() });

let lateWrite: Promise<void> = Promise.resolve();
const refuse = (before: () => Promise<void>) =>
  defineHandler('health', async () => {
    await before();
    throw httpErrors.badRequest('Refused.');
  });
const handlers: Record<string, ReturnType<typeof refuse>> = {
  nothing: refuse(async () => {}),
  'writes-data': refuse(() => table.put({ pk: 'ORACLE#data', sk: 'ITEM', note: 'written by a refusal' })),
  'moves-a-counter': refuse(() => table.put({ pk: 'RATE#oracle#127.0.0.1', sk: 'WINDOW#1', hits: 1 })),
  // Written once the answer is on its way, where the request's count cannot see it.
  'writes-late': refuse(async () => {
    lateWrite = new Promise((resolve) => setTimeout(resolve, 20)).then(() => table.put({ pk: 'ORACLE#late', sk: 'ITEM' }));
  }),
  'accepts-and-writes': defineHandler('health', async () => {
    await table.put({ pk: 'ORACLE#accepted', sk: `ITEM#${Date.now()}` });
    return { status: 'ok' } as never;
  }),
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    env: { MELD_EXPOSE_DB_CALLS: '1' },
    routes: Object.keys(handlers).map((name) => ({ ...route(name), name }) as never),
    loadHandler: async (r) => ({ handler: handlers[r.handler]! }),
  });
});
afterAll(() => stack.stop());

const send = (name: string) => createClient(stack.baseUrl).request('POST', `/api/oracle/${name}`);

describe("the bad-input suite's oracle for stored data", () => {
  it('trusts a refusal that reports no write units, without scanning the table', async () => {
    const oracle = await refusalOracle();
    const scans = vi.spyOn(table, 'scanAll');
    try {
      const response = await send('nothing');
      expect(response.status).toBe(400);
      await oracle.check(response, 'nothing');
      expect(scans).not.toHaveBeenCalled();
    } finally {
      scans.mockRestore();
    }
  });

  it('catches a refused request that wrote data', async () => {
    const oracle = await refusalOracle();
    const response = await send('writes-data');
    expect(response.status).toBe(400);
    await expect(oracle.check(response, 'writes-data')).rejects.toThrow(/writes-data: a refused request changed stored data/);
  });

  it('lets a refusal move a rate-limit counter, after comparing the table', async () => {
    const oracle = await refusalOracle();
    const scans = vi.spyOn(table, 'scanAll');
    try {
      const response = await send('moves-a-counter');
      await oracle.check(response, 'moves-a-counter');
      expect(scans).toHaveBeenCalled();
      await oracle.finish('moves-a-counter');
    } finally {
      scans.mockRestore();
    }
  });

  it('compares a refusal whose answer carries no count, as a path no route serves', async () => {
    const oracle = await refusalOracle();
    const response = await createClient(stack.baseUrl).request('POST', '/api/oracle/none/such');
    expect(response.status).toBe(404);
    await table.put({ pk: 'ORACLE#unseen', sk: 'ITEM' });
    await expect(oracle.check(response, 'no route')).rejects.toThrow(/no route: a refused request changed stored data/);
  });

  it('takes what an accepted request wrote as the new baseline', async () => {
    const oracle = await refusalOracle();
    const accepted = await send('accepts-and-writes');
    expect(accepted.status).toBe(200);
    await oracle.check(accepted, 'accepts-and-writes');
    await oracle.check(await send('nothing'), 'nothing');
    await oracle.finish('after an accepted write');
  });

  it('catches, at the end of the route, a write the count missed because it came after the answer', async () => {
    const oracle = await refusalOracle();
    const response = await send('writes-late');
    await oracle.check(response, 'writes-late');
    // The local runtime freezes a finished invocation as Lambda does, so the handler's own late write never lands...
    await expect(lateWrite).rejects.toMatchObject({ name: 'InvocationEndedError' });
    // ...and one the count cannot see either (as a missed one would be) stands in for it.
    await table.put({ pk: 'ORACLE#late', sk: 'ITEM' });
    await expect(oracle.finish('POST /api/oracle/writes-late')).rejects.toThrow(/stored data changed after the last request allowed to change it/);
  });
});
