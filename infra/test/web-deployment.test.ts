import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { synth, tempWebBuild } from './support/synth.ts';

describe('the web build published to the site bucket', () => {
  it('leaves source maps out of the uploaded asset, even when the build left them in dist', () => {
    const dist = tempWebBuild();
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"sourcesContent":["the source"]}');
    writeFileSync(join(dist, 'top.js.map'), '{}');
    const { stack } = synth({ webDistPath: dist });
    const assembly = (stack.node.root as App).synth();
    const staged = readdirSync(assembly.directory)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(assembly.directory, name))
      .filter((dir) => existsSync(join(dir, 'index.html')));
    expect(staged).toHaveLength(1);
    const published = readdirSync(staged[0]!, { recursive: true, encoding: 'utf8' });
    expect(published).toEqual(expect.arrayContaining(['index.html', join('assets', 'index-abc123.js')]));
    expect(published.filter((name) => name.endsWith('.map'))).toEqual([]);
  });
});
