import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAppConfig, type AppConfig } from '@meld/shared';
import { bundleDefine } from '../infra/lib/bundling-options.ts';
import { REPO_ROOT } from '../infra/lib/paths.ts';

/**
 * The stack writes constants from the app config into every bundle (`bundleDefine`): the coach's
 * model SDK, the SES client, the Transcribe client, the agent chat's SDKs. So one handler ships
 * as different bundles on different deployments. These are the deployments that change them, so
 * the bench measures every bundle the CDK can build, not only the local config's.
 */
const local = { name: 'Local', apiKey: 'k', baseURL: 'http://localhost:1', models: ['m'] };
const ENDPOINTS = {
  openAI: { custom: [local] },
  anthropic: { anthropic: { apiKey: 'k', models: ['m'] } },
  google: { google: { apiKey: 'k', models: ['m'] } },
  bedrock: { bedrock: { region: 'eu-west-1', models: ['m'] } },
};

const DEPLOYMENTS: { label: string; config: object }[] = [
  // An endpoint alone switches on the agent chat's SDK for it; a coach also needs its endpoint, so
  // these come first and a bundle that reads only the agent switches is named after them.
  { label: 'agents on OpenAI', config: { endpoints: ENDPOINTS.openAI } },
  { label: 'agents on Anthropic', config: { endpoints: ENDPOINTS.anthropic } },
  { label: 'agents on Google', config: { endpoints: ENDPOINTS.google } },
  { label: 'agents on Bedrock', config: { endpoints: ENDPOINTS.bedrock } },
  { label: 'agents on all four', config: { endpoints: { ...ENDPOINTS.openAI, ...ENDPOINTS.anthropic, ...ENDPOINTS.google, ...ENDPOINTS.bedrock } } },
  { label: 'coach on OpenAI', config: { endpoints: ENDPOINTS.openAI, coach: { endpoint: 'Local', model: 'm' } } },
  { label: 'coach on Anthropic', config: { endpoints: ENDPOINTS.anthropic, coach: { endpoint: 'anthropic', model: 'm' } } },
  { label: 'coach on Google', config: { endpoints: ENDPOINTS.google, coach: { endpoint: 'google', model: 'm' } } },
  { label: 'coach on Bedrock', config: { endpoints: ENDPOINTS.bedrock, coach: { endpoint: 'bedrock', model: 'm' } } },
  { label: 'SES mail', config: { serverDomain: 'meld.example.com', email: { enabled: true, from: 'Meld <hello@meld.example.com>', returnLinks: false } } },
  { label: 'Transcribe', config: { speech: { stt: { engine: 'transcribe' }, tts: { engine: 'polly' } } } },
  { label: 'OpenAI speech', config: { speech: { stt: { engine: 'openai', apiKey: 'k', model: 'whisper-1' }, tts: { engine: 'openai', apiKey: 'k' } } } },
];

export interface Variant {
  /** Empty for the bundle the local config builds. */
  label: string;
  define: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '__fakes__' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative(REPO_ROOT, path)] : [];
  });
}

/** For each constant, the source files that read it (paths as esbuild's metafile names them). */
function readersOf(keys: string[]): Map<string, string[]> {
  const files = sourceFiles(join(REPO_ROOT, 'functions', 'src')).map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
  return new Map(keys.map((key) => [key, files.filter((file) => file.text.includes(key)).map((file) => file.path)]));
}

/**
 * Builds the variants of one handler: given the inputs of its default bundle, the constants it
 * reads, and one variant per distinct set of their values the deployments above produce.
 */
export function variantPlanner(defaultConfig: AppConfig): { base: Variant; variantsFor: (inputs: string[]) => Variant[] } {
  const base = bundleDefine(defaultConfig);
  const deployments = DEPLOYMENTS.map(({ label, config }) => ({ label, define: bundleDefine(parseAppConfig({ ...defaultConfig, ...config })) }));
  const readers = readersOf(Object.keys(base));
  return {
    base: { label: '', define: base },
    variantsFor(inputs) {
      const read = Object.keys(base).filter((key) => readers.get(key)!.some((file) => inputs.includes(file)));
      const signature = (define: Record<string, string>) => read.map((key) => define[key]).join('|');
      const seen = new Set([signature(base)]);
      return deployments.filter((deployment) => {
        const key = signature(deployment.define);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}
