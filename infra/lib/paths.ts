import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo root: the CDK project root, the esbuild working directory and the lockfile's home. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const HANDLERS_DIR = join(REPO_ROOT, 'functions', 'src', 'routes');
export const EVENTS_DIR = join(REPO_ROOT, 'events');
export const DEFAULT_APP_CONFIG_PATH = join(REPO_ROOT, 'meld.config.json');
export const DEFAULT_WEB_DIST = join(REPO_ROOT, 'web', 'dist');
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');

/** A route's handler module: `auth/login` -> functions/src/routes/auth/login.ts. */
export function handlerEntry(handler: string, handlersDir = HANDLERS_DIR): string {
  return join(handlersDir, `${handler}.ts`);
}

export function eventFile(handler: string): string {
  return join(EVENTS_DIR, `${handler}.json`);
}

export function hasHandler(handler: string, handlersDir = HANDLERS_DIR): boolean {
  return existsSync(handlerEntry(handler, handlersDir));
}
