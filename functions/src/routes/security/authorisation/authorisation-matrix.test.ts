import { routeList, type RouteName } from '@meld/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../../api-test-kit.ts';
import { accountEntries } from './account.ts';
import { adminEntries } from './admin.ts';
import { agentsEntries } from './agents.ts';
import { chatEntries } from './chat.ts';
import { fileEntries } from './files.ts';
import { buildWorld, runEntry, type MatrixEntries, type MatrixEntry, type MatrixWorld } from './matrix.ts';
import { matrixConfig, startChatProviders, startMatrixModel } from './matrix-model.ts';
import { programmeEntries } from './programme.ts';

const areas: Record<string, MatrixEntries> = { account: accountEntries, chat: chatEntries, files: fileEntries, programme: programmeEntries, agents: agentsEntries, admin: adminEntries };
const entries = new Map<RouteName, MatrixEntry>();
for (const area of Object.values(areas)) {
  for (const [name, entry] of Object.entries(area) as [RouteName, MatrixEntry][]) entries.set(name, entry);
}

const model = await startMatrixModel();
const providers = await startChatProviders();
afterAll(() => Promise.all([model.close(), providers.close()]));
const api = useApi({ config: matrixConfig(model, providers) });
let world: MatrixWorld;
beforeAll(async () => {
  world = await buildWorld(api());
});

describe('the authorisation matrix', () => {
  it('has an entry for every route of the route table, so a new route without one fails here', () => {
    expect(routeList.filter((route) => !entries.has(route.name)).map((route) => `${route.method} ${route.path} (${route.name}, ${route.handler})`), 'routes with no entry').toEqual([]);
  });

  it('names only routes of the route table, each in one area', () => {
    const known = new Set<string>(routeList.map((route) => route.name));
    const named = Object.values(areas).flatMap((area) => Object.keys(area));
    expect(named.filter((name) => !known.has(name)), 'entries for routes that do not exist').toEqual([]);
    expect(named.filter((name, index) => named.indexOf(name) !== index), 'routes with an entry in two areas').toEqual([]);
  });

  it.each(routeList.filter((route) => entries.has(route.name)).map((route) => [`${route.method} ${route.path} (${route.name})`, route] as const))(
    '%s answers each caller as its entry says',
    async (_, route) => {
      const mismatches = await runEntry(world, route, entries.get(route.name)!);
      expect(mismatches.map(({ principal, expected, status, body }) => `${principal}: expected ${JSON.stringify(expected)}, got ${status} ${body}`)).toEqual([]);
    },
  );
});
