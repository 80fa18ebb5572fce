import { describe, expect, it } from 'vitest';
import { fromEnvSigningName, nodeProvider } from './lambda-token-providers.ts';

describe('Lambda bearer-token providers', () => {
  it('reads the token from the variable named after the signing name, as the SDK does', async () => {
    process.env.AWS_BEARER_TOKEN_BEDROCK = 'bedrock-api-key';
    try {
      expect(await fromEnvSigningName({ signingName: 'bedrock' })()).toEqual({ token: 'bedrock-api-key' });
    } finally {
      delete process.env.AWS_BEARER_TOKEN_BEDROCK;
    }
  });

  it('fails without the variable, so the client falls back to signing with the function role', async () => {
    await expect(fromEnvSigningName({ signingName: 'bedrock' })()).rejects.toThrow('AWS_BEARER_TOKEN_BEDROCK');
    await expect(nodeProvider()()).rejects.toThrow(/No SSO token provider/);
  });
});
