import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { esbuildOptions } from '../lib/bundling-options.ts';
import { REPO_ROOT, handlerEntry } from '../lib/paths.ts';

/** The inputs esbuild puts in a handler's Lambda bundle, with the options the stack uses. */
async function bundledInputs(handler: string): Promise<string[]> {
  const outfile = join(REPO_ROOT, 'infra', '.test-bundles', `${handler}.mjs`);
  const result = await build({ ...esbuildOptions(handlerEntry(handler), outfile), absWorkingDir: REPO_ROOT, metafile: true, write: false, sourcemap: false });
  return Object.keys(result.metafile.inputs);
}

describe('Lambda bundles', () => {
  it('leave the SDK providers that cannot work in Lambda out of the Bedrock chat route', async () => {
    const inputs = await bundledInputs('ask/bedrock-chat');
    expect(inputs).toContain('functions/src/aws/lambda-token-providers.ts');
    expect(inputs).toContain('functions/src/aws/lambda-credentials.ts');
    expect(inputs.filter((input) => /token-providers\/|credential-provider-(node|sso|ini|process)\/|sso-oidc/.test(input))).toEqual([]);
  }, 30_000);

  it('give each chat route only its own provider SDK', async () => {
    const sdks = /node_modules\/(openai|@anthropic-ai\/sdk|@google\/genai|@aws-sdk\/client-bedrock-runtime)\//;
    const used = async (handler: string) => [...new Set((await bundledInputs(handler)).map((input) => sdks.exec(input)?.[1]).filter(Boolean))];
    expect(await used('ask/ask-openai')).toEqual(['openai']);
    expect(await used('ask/ask-anthropic')).toEqual(['@anthropic-ai/sdk']);
    expect(await used('ask/ask-google')).toEqual(['@google/genai']);
    expect(await used('ask/bedrock-chat')).toEqual(['@aws-sdk/client-bedrock-runtime']);
    expect(await used('ask/ask-demo')).toEqual([]);
  }, 60_000);
});
