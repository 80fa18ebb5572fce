import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWhole } from '../lib/write-whole.ts';

const dir = mkdtempSync(join(tmpdir(), 'meld-write-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two versions of a generated module, as two synths write a route-table slice. */
const VERSIONS = ['export const routes = {};\n'.repeat(2_000), 'export const routes = { a: 1 };\n'.repeat(3_000)];

/**
 * Rewrites the file with `write` while another thread reads it as fast as it can (as esbuild in a
 * test worker beside this one does); returns what the reader saw that was neither version.
 */
async function tornReads(write: (path: string, content: string) => void): Promise<number> {
  const path = join(dir, `slice-${write.name || 'write'}.ts`);
  writeFileSync(path, VERSIONS[0]!);
  const reader = new Worker(
    `const { readFileSync } = require('node:fs');
    const { parentPort, workerData } = require('node:worker_threads');
    let torn = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until) if (!workerData.versions.includes(readFileSync(workerData.path, 'utf8'))) torn += 1;
    parentPort.postMessage(torn);`,
    { eval: true, workerData: { path, versions: VERSIONS } },
  );
  const torn = new Promise<number>((resolve) => reader.once('message', resolve));
  let done = false;
  void torn.then(() => (done = true));
  for (let i = 0; !done; i++) {
    write(path, VERSIONS[i % 2]!);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return torn;
}

describe('writing a generated file other processes read', () => {
  it('never shows a reader a half-written file, and leaves no temporary file behind', async () => {
    expect(await tornReads(writeWhole)).toBe(0);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is needed: a plain write shows readers an emptied file (tens of thousands of times here)', async () => {
    const plainWrite = (path: string, content: string) => writeFileSync(path, content);
    expect(await tornReads(plainWrite)).toBeGreaterThan(0);
  });
});
