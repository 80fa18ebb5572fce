import { build } from 'esbuild';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAppConfig, routes } from '@meld/shared';
import { bundleDefine, esbuildOptions } from '../lib/bundling-options.ts';
import { eventFile, handlerEntry, REPO_ROOT } from '../lib/paths.ts';
import { linkedRouteNames, slicedRouteTable } from '../lib/route-table-slice.ts';

const ROUTES_SOURCE = readFileSync(join(REPO_ROOT, 'shared', 'src', 'routes.ts'), 'utf8');
const routeNames = (source: string) => [...source.matchAll(/^ {2}(\w+): (?:route|chatRoute)\(/gm)].map((match) => match[1]);

async function bundle(handler: string, outdir?: string) {
  const outfile = join(outdir ?? tmpdir(), `${handler.replace('/', '-')}.mjs`);
  const result = await build({ ...esbuildOptions(handlerEntry(handler), outfile, bundleDefine(parseAppConfig({}))), absWorkingDir: REPO_ROOT, metafile: true, write: Boolean(outdir), sourcemap: false });
  // Inputs that left bytes in the output: esbuild also lists modules it read and then dropped.
  const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint)!;
  return { outfile, inputs: Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path) };
}

describe('the route table in a handler’s bundle', () => {
  it('keeps the handler’s own routes and the ones code links to, and cuts the rest', () => {
    const sliced = routeNames(slicedRouteTable(ROUTES_SOURCE, 'roles/get-role', new Set(['getAvatar'])));
    expect(sliced.sort()).toEqual(['getAvatar', 'getRole']);
    expect(Object.keys(routes).length).toBeGreaterThan(100);
  });

  it('finds the routes code names to build links', () => {
    expect(linkedRouteNames()).toContain('getAvatar');
  });

  it('leaves other areas’ schemas out of a handler’s bundle', async () => {
    const { inputs } = await bundle('roles/get-role');
    expect(inputs).toContain('shared/src/schemas/roles.ts');
    expect(inputs.filter((input) => /shared\/src\/schemas\/(prompts|wins|fragments|mentor-interview)\.ts/.test(input))).toEqual([]);
  }, 60_000);

  it('still answers from the sliced table when the bundle runs', async () => {
    const { outfile } = await bundle('roles/get-role', mkdtempSync(join(tmpdir(), 'meld-slice-')));
    process.env.MELD_TABLE_NAME ??= 'meld-test';
    const { handler } = (await import(pathToFileURL(outfile).href)) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }> };
    const event = JSON.parse(readFileSync(eventFile('roles/get-role'), 'utf8')) as { headers: Record<string, string> };
    delete event.headers.authorization;
    const reply = await handler(event, { functionName: 'get-role', awsRequestId: 'r-1', getRemainingTimeInMillis: () => 3_000 });
    expect(reply.statusCode).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'UNAUTHORIZED' });
  }, 60_000);
});
