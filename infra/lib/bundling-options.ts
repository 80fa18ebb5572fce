import { join, relative } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { coachAdapter, type AppConfig } from '@meld/shared';
import { HANDLERS_DIR, REPO_ROOT } from './paths.ts';
import { sharedEntryFor } from './route-table-slice.ts';

/**
 * How every Lambda handler is bundled. The CDK construct and `npm run bench` both read this, so
 * the bundle sizes the bench reports are the ones that ship.
 */

/** Lambda's Node 22 runtime; esbuild lowers nothing that runtime already supports. */
export const LAMBDA_NODE_TARGET = 'node22';

/**
 * ESM output has no `require`, but CommonJS dependencies inside the bundle still call it for
 * Node built-ins. The alias keeps the import from clashing with names in bundled code.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __meldCreateRequire } from 'node:module'; const require = __meldCreateRequire(import.meta.url);";

export const LAMBDA_BUNDLE = {
  target: LAMBDA_NODE_TARGET,
  minify: true,
  /** Linked .map files: NODE_OPTIONS=--enable-source-maps turns stack traces back into TypeScript. */
  sourceMap: true,
  /** Stack traces need only the mappings; embedding the sources would double the artefact. */
  sourcesContent: false,
  /** Prefer packages' ESM builds so esbuild can tree-shake them (the AWS SDK v3 above all). */
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  /**
   * The AWS SDK v3 is bundled, not taken from the runtime: tree shaking keeps only the clients
   * a handler uses (smaller, faster cold starts) and the versions are the ones we tested.
   */
  bundleAwsSDK: true,
  /**
   * Lambda hands functions their credentials in environment variables, so the SDK's default
   * chain (SSO, INI, process, IMDS: ~90 KB) is swapped for the env provider in bundles only; the
   * bearer-token providers Bedrock's client loads lose their SSO half the same way (~15 KB).
   */
  alias: {
    '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'functions', 'src', 'aws', 'lambda-credentials.ts'),
    '@aws-sdk/token-providers': join(REPO_ROOT, 'functions', 'src', 'aws', 'lambda-token-providers.ts'),
  },
} as const;

/**
 * Heavy libraries loaded only on a rare path, left out of every bundle so no cold start parses
 * them: pdf.js (`unpdf`, 1.6 MB) reads a PDF attached to a chat message; `yaml` (100 KB) reads an
 * agent action's OpenAPI document written in YAML (decision 0027). The routes that may load
 * one name it in `lambda.lazyModules`, and the construct ships it beside their handler (decision 0019).
 */
export const LAZY_MODULES = ['unpdf', 'yaml'] as const;

/**
 * Constants the bundler writes into every handler from the app config, so code that picks among
 * heavy modules at run time keeps only the one this deployment uses (the coach's model SDK:
 * `functions/src/providers/llm/load-provider.ts`; the agent chat's model SDKs; the SES client: `functions/src/mail/send-mail.ts`; the
 * Transcribe client: `functions/src/providers/speech/load-transcriber.ts`).
 */
export function bundleDefine(config: Pick<AppConfig, 'coach' | 'endpoints' | 'email' | 'speech'>): Record<string, string> {
  return {
    'process.env.MELD_COACH_ADAPTER': JSON.stringify(coachAdapter(config)),
    // The SES client only where mail is sent (functions/src/mail/send-mail.ts).
    'process.env.MELD_MAIL_TRANSPORT': JSON.stringify(config.email.enabled ? 'ses' : 'none'),
    // The Transcribe client only where Amazon Transcribe is the speech engine.
    'process.env.MELD_STT_ENGINE': JSON.stringify(config.speech.stt?.engine ?? 'none'),
    ...agentAdapterDefines(config.endpoints),
  };
}

/**
 * The agent chat serves every configured endpoint, so it keeps the SDK of each adapter some
 * endpoint uses and drops the rest (`functions/src/routes/agents/agent-provider.ts`; decision 0026).
 */
function agentAdapterDefines(endpoints: AppConfig['endpoints']): Record<string, string> {
  const used = {
    OPENAI: Boolean(endpoints.openAI || endpoints.azureOpenAI || endpoints.custom.length),
    ANTHROPIC: Boolean(endpoints.anthropic),
    GOOGLE: Boolean(endpoints.google),
    BEDROCK: Boolean(endpoints.bedrock),
  };
  return Object.fromEntries(Object.entries(used).map(([adapter, on]) => [`process.env.MELD_AGENT_ADAPTER_${adapter}`, JSON.stringify(on ? 'on' : 'off')]));
}

/** The same bundle as a plain esbuild build, for measuring it outside CDK. */
export function esbuildOptions(entry: string, outfile: string, define: Record<string, string>): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLE.target,
    minify: LAMBDA_BUNDLE.minify,
    sourcemap: LAMBDA_BUNDLE.sourceMap,
    sourcesContent: LAMBDA_BUNDLE.sourcesContent,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    banner: { js: LAMBDA_BUNDLE.banner },
    alias: { ...LAMBDA_BUNDLE.alias, ...sharedAlias(entry) },
    define,
    external: [...LAZY_MODULES],
    logLevel: 'warning',
  };
}

/** A route handler's bundle sees only its own slice of the route table (`route-table-slice.ts`). */
function sharedAlias(entry: string): Record<string, string> {
  const handler = relative(HANDLERS_DIR, entry).replace(/\.ts$/, '');
  return handler.startsWith('..') ? {} : { '@meld/shared': sharedEntryFor(handler) };
}
