import { routeList } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';

describe('bad-input suite coverage', () => {
  it('fuzzes every route in the table in exactly one area', () => {
    const folders = Object.values(AREAS).flat() as string[];
    expect(new Set(folders).size).toBe(folders.length);
    const missed = routeList.filter((route) => !folders.includes(route.handler.split('/')[0]!)).map((route) => `${route.method} ${route.path}`);
    expect(missed).toEqual([]);
  });
});
