import { existsSync, readFileSync } from 'node:fs';
import { parseAppConfig, type AppConfig } from '@meld/shared';

/**
 * Lambda allows 4 KB of environment per function, keys and values together; the config shares
 * it with resource names and runtime settings, which take well under 1 KB.
 */
export const MAX_APP_CONFIG_BYTES = 3 * 1024;

export interface LoadedAppConfig {
  config: AppConfig;
  /** What functions receive as MELD_APP_CONFIG. */
  json: string;
}

/**
 * Reads and validates the operator's meld.config.json at synth time, so a bad config fails
 * `cdk synth` with the offending key instead of failing every function at cold start.
 */
export function loadAppConfig(path: string): LoadedAppConfig {
  if (!existsSync(path)) throw new Error(`App config not found: ${path}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`App config ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const config = parseAppConfig(raw, `app config ${path}`);
  // A reply that carries a reset link hands any account to whoever knows its e-mail (decision 0009).
  if (config.email.returnLinks) {
    throw new Error(
      `App config ${path}: email.returnLinks is on. It puts password-reset and verification links in API replies, so anyone who knows an e-mail could take that account over; it is for one machine only (npm start). Remove it, and send mail for real users (email.enabled, email.from, serverDomain).`,
    );
  }
  const json = JSON.stringify(config);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_APP_CONFIG_BYTES) {
    throw new Error(
      `App config ${path} is ${bytes} bytes as JSON, over the ${MAX_APP_CONFIG_BYTES} that fit in a function's environment: shorten it (the banner message, most likely).`,
    );
  }
  return { config, json };
}

/** The browser origin of the operator's domain, if one is configured (with or without scheme). */
export function serverOrigin(config: AppConfig): string | undefined {
  const domain = config.serverDomain.trim();
  if (!domain) return undefined;
  try {
    return new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`).origin;
  } catch {
    throw new Error(`Invalid app config: serverDomain: '${domain}' is not a domain or URL`);
  }
}

/** The environment variables the config's `${NAME}` values name: the keys the server itself holds. */
export function serverKeyNames(config: AppConfig): string[] {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const reference = /^\$\{(\w+)\}$/.exec(value);
      if (reference) names.add(reference[1]!);
    } else if (value && typeof value === 'object') {
      for (const child of Object.values(value)) walk(child);
    }
  };
  walk(config);
  return [...names].sort();
}
