import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for @aws-sdk/credential-provider-node inside Lambda bundles only (see
 * infra/lib/bundling-options.ts). The Lambda runtime always hands a function its role's
 * credentials in environment variables, so the SSO, INI, process and IMDS providers of the
 * default chain are dead weight there: about 90 KB of every bundle, and cold-start time.
 * Unbundled code (the local runtime, tests) keeps the full default chain.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
