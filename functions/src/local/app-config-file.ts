import { readFile } from 'node:fs/promises';
import { parseAppConfig } from '@meld/shared';
import type { AppConfig } from '@meld/shared';

/** Reads and validates the operator's config file; every error names the file, and bad keys by path. */
export async function loadAppConfigFile(path: string): Promise<AppConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the app config ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`The app config ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseAppConfig(raw, `app config ${path}`);
}
