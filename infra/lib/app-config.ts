import { existsSync, readFileSync } from 'node:fs';
import { parseAppConfig, type AppConfig } from '@meld/shared';

/**
 * Reads and validates the operator's meld.config.json at synth time, so a bad config fails
 * `cdk synth` with the offending key instead of failing every function at cold start.
 */
export function loadAppConfig(path: string): AppConfig {
  if (!existsSync(path)) throw new Error(`App config not found: ${path}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`App config ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseAppConfig(raw, `app config ${path}`);
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
