import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { htmlEntryRewriteFunction } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG_PATH } from '../lib/paths.ts';
import { FEW_ROUTES, synth, tempConfig, tempWebBuild, type SynthResult } from './support/synth.ts';
import { resources } from './support/template.ts';

const validConfig = JSON.parse(readFileSync(DEFAULT_APP_CONFIG_PATH, 'utf8')) as Record<string, unknown>;

describe('app config at synth time', () => {
  it('fails synth naming a key with a wrong value', () => {
    const path = tempConfig({ ...validConfig, registration: { enabled: 'yes' } });
    expect(() => synth({ appConfigPath: path })).toThrow(/registration\.enabled/);
  });

  it('fails synth naming an unknown key, so typos do not pass silently', () => {
    const path = tempConfig({ ...validConfig, apptitle: 'Meld' });
    expect(() => synth({ appConfigPath: path })).toThrow(/apptitle/);
  });

  it('fails synth naming the file when it is not JSON', () => {
    const path = tempConfig('{ "appTitle": ');
    expect(() => synth({ appConfigPath: path })).toThrow(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON`));
  });

  it('fails synth when the config would not fit in a function’s environment', () => {
    const banner = { ...(validConfig.banner as object), message: 'x'.repeat(4000) };
    expect(() => synth({ appConfigPath: tempConfig({ ...validConfig, banner }) })).toThrow(/bytes as JSON, over the 3072/);
  });

  it('fails synth when the file is missing', () => {
    expect(() => synth({ appConfigPath: '/nonexistent/meld.config.json' })).toThrow(/App config not found/);
  });
});

describe('links in replies', () => {
  it('refuses to synthesize a deployment that would return reset and verification links, naming the setting', () => {
    expect(() => synth({ appConfigPath: tempConfig({ ...validConfig, email: { returnLinks: true } }) })).toThrow(/email\.returnLinks is on/);
  });

  it('synthesizes the repository config, which is also the default deployment, with links never in replies', () => {
    expect((validConfig.email as { returnLinks?: boolean }).returnLinks ?? false).toBe(false);
    expect(() => synth({ appConfigPath: tempConfig({ serverDomain: 'https://meld.example', email: { enabled: true, from: 'no-reply@meld.example' } }) })).not.toThrow();
  });
});

describe('web build', () => {
  it('is skipped with a warning when web/dist does not exist', () => {
    const { stack, template } = synth({ webDistPath: '/nonexistent/web/dist', routes: FEW_ROUTES });
    expect(resources(template, 'Custom::CDKBucketDeployment')).toHaveLength(0);
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('No web build'));
  });

  /**
   * One stack with a web build serves the tests below (a synth costs seconds): the build holds
   * source maps, as a build with them switched on leaves them in dist, which the upload must drop.
   */
  let withWebBuild: SynthResult | undefined;
  const webBuilt = () => {
    if (withWebBuild) return withWebBuild;
    const dist = tempWebBuild();
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"sourcesContent":["the source"]}');
    writeFileSync(join(dist, 'top.js.map'), '{}');
    return (withWebBuild = synth({ webDistPath: dist, routes: FEW_ROUTES }));
  };

  it('is uploaded in two steps: immutable hashed assets first, then revalidated pages', () => {
    const { template } = webBuilt();
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [assetsId, assets] = deployments.find(([id]) => id.includes('HashedAssets'))!;
    const [, pages] = deployments.find(([id]) => id.includes('Pages'))!;
    expect(assets.Properties?.SystemMetadata).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assets.Properties?.Prune).toBe(false);
    expect(pages.Properties?.SystemMetadata).toMatchObject({ 'cache-control': 'public, max-age=0, must-revalidate' });
    expect((pages as { DependsOn?: string[] }).DependsOn).toContain(assetsId);
  });

  it('adds one AWS CLI layer for the shared deployment handler, not one per deployment', () => {
    const { template } = webBuilt();
    const layers = resources(template, 'AWS::Lambda::LayerVersion');
    expect(layers).toHaveLength(1);
    const [, handler] = resources(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('CustomCDKBucketDeployment'))!;
    expect(handler.Properties?.Layers).toEqual([{ Ref: layers[0]![0] }]);
  });

  it('answers each page with its HTML document through a viewer-request function generated from the shared table', () => {
    const { template } = webBuilt();
    const functions = resources(template, 'AWS::CloudFront::Function');
    expect(functions).toHaveLength(1);
    const [functionId, rewrite] = functions[0]!;
    expect(rewrite.Properties?.FunctionCode).toBe(htmlEntryRewriteFunction());
    expect(rewrite.Properties?.FunctionCode).toContain('/share.html');
    const [, distribution] = resources(template, 'AWS::CloudFront::Distribution')[0]!;
    const defaultBehavior = (distribution.Properties?.DistributionConfig as { DefaultCacheBehavior: { FunctionAssociations: { EventType: string; FunctionARN: unknown }[] } }).DefaultCacheBehavior;
    expect(defaultBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } }]);
  });

  it('leaves source maps out of the uploaded asset, even when the build left them in dist', () => {
    const assembly = (webBuilt().stack.node.root as App).synth();
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

describe('outputs', () => {
  it('names the site URL, the API URL and the table', () => {
    const { template } = synth();
    const outputs = Object.keys(template.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'TableName']));
  });
});
