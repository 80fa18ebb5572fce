import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAppConfig, type AppConfig } from '@meld/shared';

let cached: { key: string; config: AppConfig } | undefined;

/**
 * The operator's app config. In AWS the stack passes it, already validated at synth, as
 * MELD_APP_CONFIG; on one machine it is read from MELD_CONFIG_FILE (default ./meld.config.json).
 */
export function getAppConfig(): AppConfig {
  const inline = process.env.MELD_APP_CONFIG;
  const file = process.env.MELD_CONFIG_FILE || resolve(process.cwd(), 'meld.config.json');
  const key = inline ? `inline:${inline}` : `file:${file}`;
  if (cached?.key === key) return cached.config;
  const config = inline
    ? parseAppConfig(JSON.parse(inline), 'MELD_APP_CONFIG')
    : parseAppConfig(JSON.parse(readFileSync(file, 'utf8')), file);
  cached = { key, config };
  return config;
}
