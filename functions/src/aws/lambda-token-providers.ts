/**
 * Stands in for @aws-sdk/token-providers inside Lambda bundles only (see
 * infra/lib/bundling-options.ts). Only the Bedrock client asks for a bearer token, and only when
 * the operator sets AWS_BEARER_TOKEN_BEDROCK instead of relying on the function's role. The SSO
 * provider behind `nodeProvider` cannot work in Lambda and brings its own OIDC client (about
 * 15 KB). Unbundled code (the local runtime, tests) keeps the real providers.
 */

/** The variable the SDK reads, e.g. AWS_BEARER_TOKEN_BEDROCK for signing name `bedrock`. */
const bearerTokenKey = (signingName: string) => `AWS_BEARER_TOKEN_${signingName.replace(/[\s-]/g, '_').toUpperCase()}`;

export const fromEnvSigningName =
  ({ signingName }: { signingName?: string } = {}) =>
  async (): Promise<{ token: string }> => {
    const token = signingName ? process.env[bearerTokenKey(signingName)] : undefined;
    if (!token) throw new Error(`No bearer token in ${signingName ? bearerTokenKey(signingName) : 'the environment'}`);
    return { token };
  };

export const nodeProvider = () => async (): Promise<never> => {
  throw new Error('No SSO token provider in Lambda: set the bearer token variable or sign with the function role');
};
