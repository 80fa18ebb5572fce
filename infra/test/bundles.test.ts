import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parseAppConfig, routes, type AppConfig } from '@meld/shared';
import { bundleDefine, esbuildOptions } from '../lib/bundling-options.ts';
import { REPO_ROOT, handlerEntry } from '../lib/paths.ts';

const NO_COACH = parseAppConfig({});

/** A handler's minified bundle size in bytes, as the stack builds it (source maps aside). */
async function bundleBytes(handler: string, config: AppConfig): Promise<number> {
  const outfile = join(REPO_ROOT, 'infra', '.test-bundles', `${handler}.mjs`);
  const result = await build({ ...esbuildOptions(handlerEntry(handler), outfile, bundleDefine(config)), absWorkingDir: REPO_ROOT, write: false, sourcemap: false });
  return result.outputFiles.reduce((total, file) => total + file.contents.length, 0);
}

/** The inputs esbuild puts in a handler's Lambda bundle, with the options the stack uses. */
async function bundledInputs(handler: string, config: AppConfig = NO_COACH): Promise<string[]> {
  const outfile = join(REPO_ROOT, 'infra', '.test-bundles', `${handler}.mjs`);
  const result = await build({ ...esbuildOptions(handlerEntry(handler), outfile, bundleDefine(config)), absWorkingDir: REPO_ROOT, metafile: true, write: false, sourcemap: false });
  return Object.keys(result.metafile.inputs);
}

const SDKS = /node_modules\/(openai|@anthropic-ai\/sdk|@google\/genai|@aws-sdk\/client-bedrock-runtime)\//;

describe('Lambda bundles', () => {
  it('leave the SDK providers that cannot work in Lambda out of the Bedrock chat route', async () => {
    const inputs = await bundledInputs('ask/bedrock-chat');
    expect(inputs).toContain('functions/src/aws/lambda-token-providers.ts');
    expect(inputs).toContain('functions/src/aws/lambda-credentials.ts');
    expect(inputs.filter((input) => /token-providers\/|credential-provider-(node|sso|ini|process)\/|sso-oidc/.test(input))).toEqual([]);
  }, 30_000);

  it('give each chat route only its own provider SDK', async () => {
    const used = async (handler: string) => [...new Set((await bundledInputs(handler)).map((input) => SDKS.exec(input)?.[1]).filter(Boolean))];
    expect(await used('ask/ask-openai')).toEqual(['openai']);
    expect(await used('ask/ask-anthropic')).toEqual(['@anthropic-ai/sdk']);
    expect(await used('ask/ask-google')).toEqual(['@google/genai']);
    expect(await used('ask/bedrock-chat')).toEqual(['@aws-sdk/client-bedrock-runtime']);
    expect(await used('ask/ask-demo')).toEqual([]);
  }, 60_000);

  it('leave the SES client out of the routes that mail links when the deployment sends no e-mail', async () => {
    const ses = async (config: AppConfig) => (await bundledInputs('auth/register', config)).some((input) => input.includes('node_modules/@aws-sdk/client-sesv2/'));
    expect(await ses(NO_COACH)).toBe(false);
    expect(await ses(parseAppConfig({ serverDomain: 'meld.example.com', email: { enabled: true, from: 'Meld <hello@meld.example.com>', returnLinks: false } }))).toBe(true);
  }, 60_000);

  it('leave the Transcribe client out of the interview’s recording routes unless Transcribe is the speech engine', async () => {
    const transcribe = async (config: AppConfig) => (await bundledInputs('mentor-interview/save-response', config)).some((input) => input.includes('node_modules/@aws-sdk/client-transcribe/'));
    expect(await transcribe(NO_COACH)).toBe(false);
    expect(await transcribe(parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'k', model: 'whisper-1' } } }))).toBe(false);
    expect(await transcribe(parseAppConfig({ speech: { stt: { engine: 'transcribe' } } }))).toBe(true);
  }, 60_000);

  it('keep the speech routes under 500 KB with every engine (Polly over signed fetch, no SDK client)', async () => {
    const aws = parseAppConfig({ speech: { stt: { engine: 'transcribe' }, tts: { engine: 'polly' } } });
    const openAI = parseAppConfig({ speech: { stt: { engine: 'openai', apiKey: 'k', model: 'whisper-1' }, tts: { engine: 'openai', apiKey: 'k' } } });
    for (const handler of ['speech/text-to-speech', 'speech/list-voices', 'speech/get-speech-config']) {
      for (const config of [aws, openAI]) expect(await bundleBytes(handler, config)).toBeLessThan(500 * 1024);
    }
    expect(await bundleBytes('speech/speech-to-text', openAI)).toBeLessThan(500 * 1024);
  }, 90_000);

  it('leave pdf.js out of the chat routes, which ship it beside the handler for an attached PDF', async () => {
    const inputs = await bundledInputs('ask/ask-custom');
    expect(inputs).toContain('functions/src/domain/files/attachments-text.ts');
    expect(inputs.filter((input) => input.includes('node_modules/unpdf/'))).toEqual([]);
    expect(routes.askCustom.lambda.lazyModules).toEqual(['unpdf']);
  }, 30_000);

  it('give the agent chat the SDK of each configured endpoint kind and no other', async () => {
    const used = async (endpoints: Record<string, unknown>) =>
      [...new Set((await bundledInputs('agents/agents-chat', parseAppConfig({ endpoints }))).map((input) => SDKS.exec(input)?.[1]).filter(Boolean))].sort();
    expect(await used({})).toEqual([]);
    expect(await used({ custom: [{ name: 'Local', apiKey: 'k', baseURL: 'http://localhost:1', models: ['m'] }] })).toEqual(['openai']);
    expect(await used({ anthropic: { apiKey: 'k', models: ['m'] }, bedrock: { region: 'eu-west-1', models: ['m'] } })).toEqual(['@anthropic-ai/sdk', '@aws-sdk/client-bedrock-runtime']);
  }, 60_000);

  it("give the coach's routes only the configured coach's SDK, and none without a coach", async () => {
    const used = async (config: AppConfig) =>
      [...new Set((await bundledInputs('reflection/generate-question', config)).map((input) => SDKS.exec(input)?.[1]).filter(Boolean))];
    const coachOn = (endpoint: string, endpoints: Record<string, unknown>) => parseAppConfig({ endpoints, coach: { endpoint, model: 'm' } });
    expect(await used(NO_COACH)).toEqual([]);
    expect(await used(coachOn('Local', { custom: [{ name: 'Local', apiKey: 'k', baseURL: 'http://localhost:1', models: ['m'] }] }))).toEqual(['openai']);
    expect(await used(coachOn('anthropic', { anthropic: { apiKey: 'k', models: ['m'] } }))).toEqual(['@anthropic-ai/sdk']);
    expect(await used(coachOn('bedrock', { bedrock: { region: 'eu-west-1', models: ['m'] } }))).toEqual(['@aws-sdk/client-bedrock-runtime']);
  }, 60_000);
});
